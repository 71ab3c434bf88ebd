import fs from 'node:fs';
import path from 'node:path';
import { BREAKPOINTS, fromBreakpoint } from './breakpoints';

const CLIENT = path.join(__dirname, '..');
const stylesheets = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return stylesheets(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });

test('every media query width in the stylesheets is a named breakpoint ("up to" is 0.02 px below it)', () => {
  const named = Object.values(BREAKPOINTS) as number[];
  const allowed = new Set([...named.map((w) => `min-width: ${w}px`), ...named.map((w) => `max-width: ${w - 0.02}px`)]);
  const files = stylesheets(CLIENT);
  expect(files.length).toBeGreaterThan(10);
  const strays = files.flatMap((file) =>
    Array.from(fs.readFileSync(file, 'utf8').matchAll(/\((m(?:in|ax)-width: [\d.]+px)\)/g), (m) => m[1])
      .filter((query) => !allowed.has(query))
      .map((query) => `${path.relative(CLIENT, file)}: ${query}`),
  );
  expect(strays).toEqual([]);
});

test('the desktop breakpoint is requirements §9 1024 px', () => {
  expect(fromBreakpoint('desktop')).toBe('(min-width: 1024px)');
});
