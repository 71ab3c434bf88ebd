import type { Page } from '@playwright/test';

/**
 * Resolves after the page has drawn two more frames: by then whatever the last
 * scroll or input set off (a scroll handler, a requestAnimationFrame) has run.
 * For a check that something did not happen, in place of a fixed pause.
 */
export const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Turns the mouse wheel over the page and resolves once the page has had the wheel event and drawn two frames since. */
export async function wheelAndSettle(page: Page, deltaY: number): Promise<void> {
  // The listener is in place before the wheel turns (the evaluation is awaited), and is awaited after.
  await page.evaluate(() => {
    (window as { wheelSeen?: Promise<void> }).wheelSeen = new Promise<void>((resolve) =>
      window.addEventListener('wheel', () => resolve(), { once: true, capture: true }),
    );
  });
  await page.mouse.wheel(0, deltaY);
  await page.evaluate(() => (window as { wheelSeen?: Promise<void> }).wheelSeen);
  await nextFrames(page);
}
