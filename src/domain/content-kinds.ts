import { isOneOf } from './guards';

/**
 * The kinds of content the admin manages, once (docs/adding-a-content-type.md).
 *
 * Every place that lists kinds (the history, the trash, presence, reordering,
 * drafts, the activity log's labels, the API document) reads this registry or
 * a layer's own registry built from it: the server's content/kinds.ts and the
 * admin's kit/kinds.ts, each a `{ [K in ContentKind]: … }` map, so that a kind
 * left out anywhere is a type error rather than a silent gap.
 */

export const CONTENT_KINDS = ['publication', 'section', 'biography', 'media'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

/** What both halves know of a kind: where it lives and how Spanish names it. */
interface ContentKindFacts {
  /** Its collection: the API's path segment, the database table and the admin's path ('publications'). */
  collection: string;
  /** Its name, in lower case: 'publicación'. */
  singular: string;
  /** 'publicaciones'. */
  plural: string;
  /** Its grammatical gender, for the article and the demonstrative ('la', 'esta'). */
  feminine: boolean;
  /** Whether an Editor writes it (creates, edits, reorders, deletes, restores); else only an Administrador. Both read it. */
  editorWrites: boolean;
  /** Whether its list has an order the admin sets by dragging (an `order` column, a reorder route). */
  ordered: boolean;
}

export const CONTENT_KIND = {
  publication: {
    collection: 'publications',
    singular: 'publicación',
    plural: 'publicaciones',
    feminine: true,
    editorWrites: true,
    ordered: true,
  },
  section: { collection: 'sections', singular: 'sección', plural: 'secciones', feminine: true, editorWrites: false, ordered: true },
  biography: { collection: 'biographies', singular: 'biografía', plural: 'biografías', feminine: true, editorWrites: true, ordered: true },
  // The library ('Medios'): newest first, no order of its own.
  media: { collection: 'media', singular: 'archivo', plural: 'archivos', feminine: false, editorWrites: true, ordered: false },
} as const satisfies { [K in ContentKind]: ContentKindFacts };

/** The kinds whose lists the admin orders by dragging. */
export type OrderedKind = { [K in ContentKind]: (typeof CONTENT_KIND)[K]['ordered'] extends true ? K : never }[ContentKind];
/** Their collections: the tables with an `order` column. */
export type OrderedCollection = (typeof CONTENT_KIND)[OrderedKind]['collection'];

/**
 * A map with one entry per kind, checked: `KindMap<{ publication: Publication; … }>`
 * fails to compile when a kind is missing or a key names no kind.
 */
export type KindMap<T extends Record<ContentKind, unknown> & Record<Exclude<keyof T, ContentKind>, never>> = T;

const capitalized = (word: string): string => word[0].toUpperCase() + word.slice(1);

/** 'la publicación'. */
export const kindWithArticle = (kind: ContentKind): string => `${CONTENT_KIND[kind].feminine ? 'la' : 'el'} ${CONTENT_KIND[kind].singular}`;

/** 'esta publicación'. */
export const thisKind = (kind: ContentKind): string => `${CONTENT_KIND[kind].feminine ? 'esta' : 'este'} ${CONTENT_KIND[kind].singular}`;

/** As a label or a column names one: 'Publicación'. */
export const kindLabel = (kind: ContentKind): string => capitalized(CONTENT_KIND[kind].singular);

/** As a heading or the API document's tag names them all: 'Publicaciones'. */
export const kindTitle = (kind: ContentKind): string => capitalized(CONTENT_KIND[kind].plural);

/** '1 publicación', '5 publicaciones'. */
export const kindCount = (kind: ContentKind, count: number): string =>
  `${count} ${count === 1 ? CONTENT_KIND[kind].singular : CONTENT_KIND[kind].plural}`;

/** Whether a role ('admin', 'editor') writes a kind; an unknown kind is an Administrador's. */
export const mayWriteKind = (role: string | undefined, kind: string | undefined): boolean =>
  role === 'admin' || (isContentKind(kind) && CONTENT_KIND[kind].editorWrites);

export const isContentKind = (value: unknown): value is ContentKind => isOneOf(CONTENT_KINDS, value);

/** One value per kind, made from the kind: `byKind(kindLabel)` is { publication: 'Publicación', … }. */
export const byKind = <T>(make: (kind: ContentKind) => T): Record<ContentKind, T> => ({
  publication: make('publication'),
  section: make('section'),
  biography: make('biography'),
  media: make('media'),
});
