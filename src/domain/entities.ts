import type { Static } from 'typebox';
import type { Biography as BiographySchema } from './schemas/biographies';
import type { PublicPublication as PublicPublicationSchema } from './schemas/public';
import type {
  LayoutCell as LayoutCellSchema,
  LayoutRow as LayoutRowSchema,
  Publication as PublicationSchema,
} from './schemas/publications';
import type { Section as SectionSchema } from './schemas/sections';
import type { ProgrammeFacts, SocialNetwork } from './site-settings-values';

// Defined beside the schemas' other inputs (no cycle through entities.ts); named here too, with the shapes.
export { CELL_TYPES, PUBLICATION_STATUSES, type CellType, type PublicationStatus } from './publication-values';

/**
 * The shapes both halves agree on (requirements §3). The API answers with these; the
 * client reads them. Dates are ISO 8601 strings; `publish_date` is a calendar
 * date (YYYY-MM-DD). The entities are the TypeBox schemas of `schemas/` (which
 * the server validates and serialises with) seen as types: these imports are
 * types only, so no schema code reaches the browser.
 */

export type Id = number;

export type Biography = Static<typeof BiographySchema>;

export type Section = Static<typeof SectionSchema>;

/**
 * A cell: `content` is HTML for text, an image URL, or a video URL;
 * `columnSpan` 1..4 (absent means 1).
 */
export type LayoutCell = Static<typeof LayoutCellSchema>;

export type LayoutRow = Static<typeof LayoutRowSchema>;

export type Layout = LayoutRow[];

/** A publication as the admin API answers it. */
export type Publication = Static<typeof PublicationSchema>;

/** A publication as the public API answers it. */
export type PublicPublication = Static<typeof PublicPublicationSchema>;

/** A publication in the admin list asked for with `omit=layout`. */
export type PublicationSummary = Omit<Publication, 'layout'>;

/** 409 to a save that started from an older version: the record as it is now. */
export interface EditConflict<T> {
  detail: string;
  current: T;
}

/** A page of results, in Django REST Framework's shape. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ReorderItem {
  id: Id;
  order: number;
}

export interface TokenPair {
  access: string;
  refresh: string;
}

export interface RefreshResponse {
  access: string;
  refresh?: string;
}

/** What the browser keeps in localStorage under 'user' (requirements §3). */
export interface SessionRecord {
  access: string;
  refresh: string;
  username: string;
}

export interface UploadResponse {
  url: string;
}

/** Field errors in Django REST Framework's shape: {"field": ["message"]}. */
export type FieldErrors = Record<string, string[]>;

/** A social network's link of the site ('Ajustes del sitio'). */
export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

/** A visible section an administrator added beyond the catalogue's five: its list page is /{slug}. */
export interface SectionLink {
  slug: string;
  title: string;
}

/** How the site can be reached ('Ajustes del sitio'); '' for what is not given. */
export interface SiteContact {
  email: string;
  phone: string;
  address: string;
}

/**
 * The settings every public page is drawn with, as the server writes them
 * into it (docs/decisions/199): the networks that have a link, the research
 * group (its url '' when it has none), the contact and the programme's key
 * facts (absent: none, as on a page that carries no settings).
 */
export interface SiteSettings {
  socialLinks: SocialLink[];
  researchGroup: { label: string; url: string };
  contact?: SiteContact;
  programme?: ProgrammeFacts;
  /**
   * The visible sections beyond the five, in the admin's order. Content, not
   * configuration, but it travels the same way: the server writes it into
   * every page, so the navigation renders without a request (DECISIONS
   * "What the public sees").
   */
  sections?: SectionLink[];
  /**
   * Whether the site sends mail (an SMTP server is configured, docs/decisions/202): the sign-in page
   * offers '¿Ha olvidado su contraseña?' and 'Usuarios' says links are also mailed only then.
   */
  mail?: boolean;
}
