import type { ContentKind } from '@/domain/content-kinds';
import { biographyKind } from './biographies';
import { mediaKind } from './media';
import { publicationKind } from './publications';
import { sectionKind } from './sections';
import type { KindStore } from './writer';

/**
 * The server's registry of kinds (src/domain/content-kinds.ts): how each
 * kind's records are found, answered and restored. The routes every kind
 * shares (history, presence) and the trash read it; a kind left out is a type
 * error.
 */
export const KIND_STORES = {
  publication: publicationKind,
  section: sectionKind,
  biography: biographyKind,
  media: mediaKind,
} as const satisfies { [K in ContentKind]: KindStore<K, { id: number; version: number }> };
