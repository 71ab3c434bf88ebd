import { isOneOf } from './guards';

/**
 * The documents the media library takes, as facts both halves use: the server
 * recognises them by their content (server/media/documents.ts) and serves them
 * with these types; the browser labels a download card with them.
 */
export const DOCUMENT_KINDS = ['pdf', 'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DocumentFacts {
  /** The extension a stored file of this kind gets, without the dot, whatever the uploaded file was called. */
  extension: string;
  /** The Content-Type it is served with (and, for OpenDocument, the `mimetype` its package holds). */
  contentType: string;
  /** A short name for a download card. */
  label: string;
  /** Whether a browser shows it in the page (only PDF); the others are downloaded. */
  inline: boolean;
}

export const DOCUMENTS = {
  pdf: { extension: 'pdf', contentType: 'application/pdf', label: 'PDF', inline: true },
  docx: {
    extension: 'docx',
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    label: 'Word',
    inline: false,
  },
  xlsx: {
    extension: 'xlsx',
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    label: 'Excel',
    inline: false,
  },
  pptx: {
    extension: 'pptx',
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    label: 'PowerPoint',
    inline: false,
  },
  odt: { extension: 'odt', contentType: 'application/vnd.oasis.opendocument.text', label: 'OpenDocument texto', inline: false },
  ods: {
    extension: 'ods',
    contentType: 'application/vnd.oasis.opendocument.spreadsheet',
    label: 'OpenDocument hoja de cálculo',
    inline: false,
  },
  odp: {
    extension: 'odp',
    contentType: 'application/vnd.oasis.opendocument.presentation',
    label: 'OpenDocument presentación',
    inline: false,
  },
} as const satisfies { [K in DocumentKind]: DocumentFacts };

/** Where library documents are served (/media/documentos/{key}/{name}.{ext}): a 'Documento' cell points under it. */
export const DOCUMENT_URL_PREFIX = '/media/documentos/';

/** The extensions of every kind: 'pdf', 'docx', … */
export const DOCUMENT_EXTENSIONS: readonly string[] = DOCUMENT_KINDS.map((kind) => DOCUMENTS[kind].extension);

/** A kind's facts by its Content-Type or by its extension; undefined for anything else. */
export const documentFactsBy = (key: 'contentType' | 'extension', value: string): DocumentFacts | undefined =>
  DOCUMENT_KINDS.map((kind) => DOCUMENTS[kind]).find((facts) => facts[key] === value);

/** A kind by its Content-Type; undefined for anything else. */
export const documentKindOf = (contentType: string): DocumentKind | undefined =>
  DOCUMENT_KINDS.find((kind) => DOCUMENTS[kind].contentType === contentType);

export const isDocumentKind = (value: unknown): value is DocumentKind => isOneOf(DOCUMENT_KINDS, value);

/**
 * For <input accept>: the extensions and the types, since a browser may know
 * an OpenDocument file by its name only. The server checks the bytes.
 */
export const DOCUMENT_ACCEPT = DOCUMENT_KINDS.flatMap((kind) => [`.${DOCUMENTS[kind].extension}`, DOCUMENTS[kind].contentType]).join(',');
