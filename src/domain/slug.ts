import slugifyLibrary from 'slugify';

/** 'Presentación del Máster' -> 'presentacion-del-master' (requirements §10.5). */
export function slugify(title: string): string {
  return slugifyLibrary(title, { lower: true, strict: true, locale: 'es', trim: true }) || 'seccion';
}

/** The slug itself when free, else slug-2, slug-3, ... */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}
