/**
 * The widths, in CSS pixels, at which layouts change; the only ones the
 * stylesheets use (tokens.css lists them, breakpoints.test.ts holds the CSS to
 * them). `desktop` is requirements §9's: below it the main navigation collapses into a
 * menu button.
 */
export const BREAKPOINTS = {
  smallPhone: 480,
  phone: 640,
  tablet: 768,
  desktop: 1024,
  wide: 1280,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

/** The media query that holds from a breakpoint up: '(min-width: 1024px)'. */
export const fromBreakpoint = (breakpoint: Breakpoint): string => `(min-width: ${BREAKPOINTS[breakpoint]}px)`;
