import { CONTENT_KIND, type ContentKind } from '@/domain/content-kinds';

/**
 * The data layer's registry of kinds (src/domain/content-kinds.ts): the cache
 * tag each kind's records carry and the cached lists a change of one reaches.
 * A kind left out is a type error.
 */
export const KIND_CACHE = {
  publication: { tag: 'Publication', lists: ['Publication', 'PublicPublication'] },
  // A section's title and visibility show in the publications' lists, admin and public.
  section: { tag: 'Section', lists: ['Section', 'Publication', 'PublicPublication'] },
  biography: { tag: 'Biography', lists: ['Biography', 'PublicBiography'] },
  media: { tag: 'Media', lists: ['Media'] },
} as const satisfies { [K in ContentKind]: { tag: string; lists: readonly string[] } };

/** The cache tag of a kind's records: 'Publication'. */
export type KindTag = (typeof KIND_CACHE)[ContentKind]['tag'];

/** The cached lists a change of this kind reaches, to invalidate. */
export const listsReachedBy = (kind: ContentKind) => KIND_CACHE[kind].lists.map((type) => ({ type, id: 'LIST' }));

/** Where a kind's records live in the API: '/publications/'. */
export const collectionPath = (kind: ContentKind): string => `/${CONTENT_KIND[kind].collection}/`;
