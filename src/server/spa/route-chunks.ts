import fs from 'node:fs';
import path from 'node:path';
import { Type } from 'typebox';
import { Value } from 'typebox/value';

/** The file as JSON: an object; its entries are checked one by one below, a wrong one left out. */
const WrittenChunks = Type.Record(Type.String(), Type.Unknown());

/**
 * The public site's lazy pages, by the names the build gives their chunks
 * (webpackChunkName in client/site/site-routes.tsx).
 */
export type RouteChunk = 'site-list' | 'site-detail' | 'site-search' | 'site-faculty' | 'site-preview';

/** For each lazy page, the files it loads beyond the main script, from the site's root ('/assets/…'). */
export type RouteChunkFiles = Partial<Record<RouteChunk, readonly string[]>>;

/**
 * route-chunks.json, which the build writes beside index.html (webpack.config.ts
 * RouteChunksPlugin): a page's HTML names its chunk's files (`<link rel=preload>`)
 * so that they download beside the main script rather than after it has run.
 * Nothing without a build (API-only runs, the development server).
 */
export function readRouteChunks(clientDir: string): RouteChunkFiles {
  let written: unknown;
  try {
    written = JSON.parse(fs.readFileSync(path.join(clientDir, 'route-chunks.json'), 'utf8'));
  } catch {
    return {};
  }
  if (!Value.Check(WrittenChunks, written)) return {};
  return Object.fromEntries(
    Object.entries(written)
      .filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every((file) => typeof file === 'string'))
      .map(([name, files]) => [name, files.map((file) => `/${file}`)]),
  );
}
