import { Type, type Static, type TLiteral, type TSchema } from 'typebox';
import { CONTENT_KINDS, type ContentKind } from '../content-kinds';
import { Biography } from './biographies';
import { Publication } from './publications';
import { MediaItem } from './media';
import { BiographyRevision, MediaRevision, PublicationRevision, SectionRevision } from './revisions';
import { Section } from './sections';

/**
 * The API document's registry of kinds (src/domain/content-kinds.ts): each
 * kind's record as its admin GET answers it, and one revision of it. A kind
 * left out is a type error.
 */
export const KIND_SCHEMAS = {
  publication: { record: Publication, revision: PublicationRevision },
  section: { record: Section, revision: SectionRevision },
  biography: { record: Biography, revision: BiographyRevision },
  media: { record: MediaItem, revision: MediaRevision },
} as const satisfies { [K in ContentKind]: { record: TSchema; revision: TSchema } };

/** Any revision detail; `record` is the shape of its kind's admin GET. */
export type RevisionDetail = Static<(typeof KIND_SCHEMAS)[ContentKind]['revision']>;

type Kinds = typeof CONTENT_KINDS;
// Mapped over a type parameter, so that the tuple stays a tuple.
type LiteralsOf<T extends readonly ContentKind[]> = { -readonly [I in keyof T]: TLiteral<T[I] & ContentKind> };
type RecordsOf<T extends readonly ContentKind[]> = { -readonly [I in keyof T]: (typeof KIND_SCHEMAS)[T[I] & ContentKind]['record'] };

/** A kind's name, as the API sends it: 'publication'. */
export const ContentKindName = (options: { title: string; description?: string }) =>
  Type.Union(CONTENT_KINDS.map((kind) => Type.Literal(kind)) as LiteralsOf<Kinds>, options);

/** The record of any kind, as its admin GET answers it. */
export const AnyRecord = (options: { title: string; description?: string }) =>
  Type.Union(CONTENT_KINDS.map((kind) => KIND_SCHEMAS[kind].record) as unknown as RecordsOf<Kinds>, options);
