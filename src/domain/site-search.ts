/**
 * The bounds of a public search and what the page says about them, shared by
 * the server (which applies them) and the browser (which says so). A query is
 * cut, not refused: at most SEARCH_MAX_LENGTH characters, then at most
 * SEARCH_MAX_WORDS words; shorter than SEARCH_MIN_LENGTH it asks for more.
 */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 100;
export const SEARCH_MAX_WORDS = 8;

/**
 * At most this many members of the faculty in an answer ('Cuerpo docente', found by name and
 * position); `faculty_count` says how many were found in all.
 */
export const FACULTY_SEARCH_LIMIT = 12;

/** The search page's address and its query parameters (/buscar?q=…&pagina=N). */
export const SEARCH_SEGMENT = 'buscar';
export const SEARCH_QUERY_PARAM = 'q';

export interface BoundedQuery {
  /** What is searched: trimmed, spaces collapsed, cut to the bounds. */
  text: string;
  /** True when the query was longer than the bounds and was cut. */
  truncated: boolean;
  /** True when it is too short to search. */
  tooShort: boolean;
}

/** The query as it is searched: spaces collapsed, then at most 100 characters and 8 words. */
export function boundSearchQuery(raw: string): BoundedQuery {
  const collapsed = raw.replace(/\s+/gu, ' ').trim();
  // Cut by code points, so that a character outside the BMP is never split in two.
  const chars = [...collapsed];
  let text = chars.slice(0, SEARCH_MAX_LENGTH).join('').trim();
  const words = text.split(' ').filter(Boolean);
  if (words.length > SEARCH_MAX_WORDS) text = words.slice(0, SEARCH_MAX_WORDS).join(' ');
  return { text, truncated: text !== collapsed, tooShort: [...text].length < SEARCH_MIN_LENGTH };
}

export const searchTexts = {
  heading: 'Resultados de búsqueda',
  count: (count: number, query: string) => `${count} ${count === 1 ? 'resultado' : 'resultados'} para «${query}»`,
  facultyHeading: 'Cuerpo docente',
  publicationsHeading: 'Publicaciones',
  /** Under the faculty found when more were found than the answer holds. */
  facultyMore: (more: number) => `Y ${more === 1 ? 'otra persona' : `${more} personas más`} en el cuerpo docente.`,
  facultyAll: 'Ver todo el cuerpo docente',
  empty: (query: string) => `No hemos encontrado nada para «${query}». Pruebe con otras palabras.`,
  tooShort: 'Escriba al menos 2 caracteres.',
  truncated: `Su búsqueda era demasiado larga: se ha buscado solo lo que cabe (${SEARCH_MAX_LENGTH} caracteres y ${SEARCH_MAX_WORDS} palabras como máximo).`,
  open: 'Buscar',
  label: 'Buscar en el sitio',
  submit: 'Buscar',
} as const;
