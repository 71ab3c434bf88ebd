import { Type } from 'typebox';
import { FACULTY_SEARCH_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, SEARCH_MIN_LENGTH } from '@/domain/site-search';
import { PublicPublication } from './public';

export const PublicSearchQuery = Type.Object({
  q: Type.Optional(
    Type.String({
      description: `Lo que se busca: al menos ${SEARCH_MIN_LENGTH} caracteres; más de ${SEARCH_MAX_LENGTH} caracteres o ${SEARCH_MAX_WORDS} palabras se recortan`,
    }),
  ),
  page: Type.Optional(Type.String({ description: 'Página, desde 1 (12 resultados por página)' })),
});

const PublicSearchHit = Type.Object({
  ...PublicPublication.properties,
  snippet: Type.String({ description: 'Fragmento del texto, escapado, con las palabras encontradas en <mark>' }),
  title_match: Type.Boolean({ description: 'El título contiene todas las palabras buscadas' }),
});

/** A member of the faculty found by name or position, and the address of their card. */
const FacultySearchHit = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    position: Type.String(),
    url: Type.String({ description: 'Su tarjeta en la página del cuerpo docente: /cuerpo-docente#docente-{id}' }),
  },
  { title: 'FacultySearchHit' },
);

/** DRF's page, plus what was searched and whether the query was cut, and the faculty found. */
export const PublicSearchPage = Type.Object({
  count: Type.Integer(),
  next: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  results: Type.Array(PublicSearchHit),
  query: Type.String({ description: 'Lo que se ha buscado, tras recortarlo' }),
  truncated: Type.Boolean({ description: 'La búsqueda era más larga de lo permitido y se ha recortado' }),
  faculty: Type.Array(FacultySearchHit, {
    maxItems: FACULTY_SEARCH_LIMIT,
    description:
      `Docentes activos que tienen cada palabra en su nombre o su cargo (las mismas reglas que las publicaciones), ` +
      `primero los que la tienen en el nombre, luego en el orden de la página; hasta ${FACULTY_SEARCH_LIMIT}, los mismos en cada página`,
  }),
  faculty_count: Type.Integer({ description: 'Cuántos docentes se han encontrado en total' }),
});
