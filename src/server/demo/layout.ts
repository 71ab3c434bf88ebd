/**
 * Turns a demo layout (./content.ts) into the domain's `Layout` once the demo
 * images are stored. Pure: the caller says where each image key now lives.
 *
 * Exports:
 * - `demoImageKeysOf(rows)`: the image keys an image cell refers to, in order.
 * - `buildDemoLayout(rows, urlFor)`: a `Layout` with ids `row-<r>` and
 *   `cell-<r>-<c>`; each image cell's 'demo-image:<key>' becomes `urlFor(key)`.
 */
import type { Layout } from '@/domain/entities';
import { DEMO_IMAGE_PREFIX, type DemoRow } from './content';

/** The key named by a 'demo-image:<key>' reference, or null for anything else. */
function demoImageKeyOf(content: string): string | null {
  return content.startsWith(DEMO_IMAGE_PREFIX) ? content.slice(DEMO_IMAGE_PREFIX.length) : null;
}

export function demoImageKeysOf(rows: DemoRow[]): string[] {
  return rows.flatMap((row) =>
    row.flatMap((cell) => {
      const key = cell.type === 'image' ? demoImageKeyOf(cell.content) : null;
      return key === null ? [] : [key];
    }),
  );
}

export function buildDemoLayout(rows: DemoRow[], urlFor: (key: string) => string): Layout {
  return rows.map((row, r) => ({
    id: `row-${r + 1}`,
    cells: row.map((cell, c) => {
      const key = cell.type === 'image' ? demoImageKeyOf(cell.content) : null;
      return {
        id: `cell-${r + 1}-${c + 1}`,
        type: cell.type,
        content: key === null ? cell.content : urlFor(key),
        columnSpan: cell.columnSpan,
      };
    }),
  }));
}
