/**
 * The shapes both halves agree on (SPEC §3). The API answers with these; the
 * client reads them. Dates are ISO 8601 strings; `publish_date` is a calendar
 * date (YYYY-MM-DD).
 */

export type Id = number;

export interface Biography {
  id: Id;
  name: string;
  position: string;
  biography: string;
  email: string;
  /** Labelled 'WEB' in the form: the person's web or LinkedIn address. */
  linkedin: string;
  /** Absolute or host-relative image URL, or null without a photo. */
  photo: string | null;
  is_active: boolean;
  order: number;
  /** 1 on creation, +1 on every edit (never on a reorder): a save sends the version it started from. */
  version: number;
  created_at: string;
  updated_at: string;
}

export interface Section {
  id: Id;
  title: string;
  slug: string;
  is_active: boolean;
  order: number;
  /** 1 on creation, +1 on every edit (never on a reorder): a save sends the version it started from. */
  version: number;
  created_at: string;
  updated_at: string;
}

export const CELL_TYPES = ['text', 'image', 'video'] as const;
export type CellType = (typeof CELL_TYPES)[number];

export interface LayoutCell {
  id: string;
  type: CellType;
  /** HTML for text, an image URL, or a video URL. */
  content: string;
  /** 1..4; absent means 1. */
  columnSpan?: number;
  publicationId?: Id | null;
}

export interface LayoutRow {
  id: string;
  cells: LayoutCell[];
}

export type Layout = LayoutRow[];

export const PUBLICATION_STATUSES = ['draft', 'published', 'archived'] as const;
export type PublicationStatus = (typeof PUBLICATION_STATUSES)[number];

export interface SectionRef {
  id: Id;
  title: string;
  slug: string;
}

/** A publication as the admin API answers it. */
export interface Publication {
  id: Id;
  title: string;
  section: SectionRef;
  section_id: Id;
  status: PublicationStatus;
  featured_image: string | null;
  is_featured: boolean;
  /** YYYY-MM-DD, or null when not set. */
  publish_date: string | null;
  layout: Layout;
  order: number;
  /** 1 on creation, +1 on every edit (never on a reorder): a save sends the version it started from. */
  version: number;
  created_at: string;
  updated_at: string;
}

/** A publication as the public API answers it. */
export interface PublicPublication {
  id: Id;
  title: string;
  section_title: string;
  section_slug: string;
  status: PublicationStatus;
  featured_image: string | null;
  is_featured: boolean;
  publish_date: string | null;
  layout: Layout;
  order: number;
}

/** A publication in the admin list asked for with `omit=layout`. */
export type PublicationSummary = Omit<Publication, 'layout'>;

/** 409 to a save that started from an older version: the record as it is now. */
export interface EditConflict<T> {
  detail: string;
  current: T;
}

/** 409 to deleting a section that still holds publications. */
export interface SectionInUse {
  detail: string;
  publication_count: number;
}

/** A page of results, in Django REST Framework's shape. */
export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** A list answer: a plain array or a page (SPEC §3). */
export type ListResponse<T> = T[] | Page<T>;

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

/** What the browser keeps in localStorage under 'user' (SPEC §3). */
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

/** Any error answer of the API: field errors, or {"detail": "..."}. */
export type ApiErrorBody = FieldErrors | { detail: string };

/** Public links of the site (configuration, not content). */
export interface SocialLink {
  network: 'facebook' | 'instagram' | 'x' | 'youtube' | 'linkedin';
  label: string;
  url: string;
}

export interface SiteSettings {
  socialLinks: SocialLink[];
  researchGroup: { label: string; url: string };
}
