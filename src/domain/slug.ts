import slugifyLibrary from 'slugify';
import { findPublicSection, RESERVED_SEGMENTS } from './catalogue';

/** 'Presentación del Máster' -> 'presentacion-del-master' (requirements §10.5). */
export function slugify(title: string): string {
  return slugifyLibrary(title, { lower: true, strict: true, locale: 'es', trim: true }) || 'seccion';
}

/**
 * The slug itself when free, else slug-2, slug-3, ... A slug the site's own
 * paths use (RESERVED_SEGMENTS: /admin, /api, /cuerpo-docente...) is never
 * free, since an added section's list page lives at /{slug}. Except the
 * five's own slugs: a section that takes 'noticias' or 'media' is that
 * catalogue section, whose page is exactly that path (a site set up by hand,
 * without the demo content, creates them so).
 */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const free = (slug: string) => !taken.has(slug) && (!RESERVED_SEGMENTS.has(slug) || findPublicSection(slug) !== undefined);
  if (free(base)) return base;
  let n = 2;
  while (!free(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
