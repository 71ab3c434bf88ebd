import { Type } from 'typebox';
import { SEARCH_MAX_LENGTH, SEARCH_MAX_WORDS, SEARCH_MIN_LENGTH } from '@/domain/site-search';
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

/** DRF's page, plus what was searched and whether the query was cut. */
export const PublicSearchPage = Type.Object({
  count: Type.Integer(),
  next: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  results: Type.Array(PublicSearchHit),
  query: Type.String({ description: 'Lo que se ha buscado, tras recortarlo' }),
  truncated: Type.Boolean({ description: 'La búsqueda era más larga de lo permitido y se ha recortado' }),
});
