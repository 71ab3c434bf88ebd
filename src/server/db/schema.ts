import type { InvitationKind, Role } from '@/domain/accounts';
import type { CONTENT_KIND, ContentKind } from '@/domain/content-kinds';
import type { ActivityActionName, ActivityTargetKindName } from '@/domain/history';
import type { MailKind } from '@/domain/mail';
import type { PublicationStatus } from '@/domain/publication-values';
import type { MediaFileKind } from '@/domain/media';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * The tables as the queries see them. Booleans are stored as 0/1 integers and
 * timestamps and dates as ISO text, so that the same queries and the same
 * values work on SQLite and PostgreSQL (docs/decisions/011-database-portability.md).
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** usernameKey(username) (src/domain/accounts.ts), unique: what makes two usernames one. Written with every username. */
  username_key: string;
  password_hash: string;
  is_staff: number;
  created_at: string;
  /** Bumped when the password changes: tokens carrying an older one stop working. */
  session_version: Generated<number>;
  /** The person's name as colleagues know it ('' when none was given). */
  name: Generated<string>;
  /** src/domain/accounts.ts ROLES. */
  role: Generated<Role>;
  /** 0: deactivated, cannot sign in and its tokens open nothing. Accounts are never deleted. */
  is_active: Generated<number>;
  /** ISO 8601 of the last successful sign-in, or null. */
  last_login_at: string | null;
  /** Where its mail goes (a forgotten password's link, an invitation), as written; null when none. */
  email: string | null;
  /** emailKey(email), unique; null with it. */
  email_key: string | null;
}

/** A one-time password link (invitation or reset): only the hash of its token is kept. */
export interface InvitationsTable {
  id: Generated<number>;
  user_id: number;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  kind: InvitationKind;
  /** ISO 8601: compares as text. */
  created_at: string;
  expires_at: string;
  used_at: string | null;
  created_by_id: number | null;
}

/**
 * An address an account's owner asked for, waiting for the link mailed to it
 * (docs/decisions/206): one per account; only the hash of the link's token is kept.
 */
export interface EmailChangesTable {
  id: Generated<number>;
  /** Unique: a new request replaces the account's pending one. */
  user_id: number;
  /** The new address as written. */
  email: string;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  /** The account's session_version when it was asked: a password change or reset since voids it. */
  session_version: number;
  /** ISO 8601: compares as text. */
  created_at: string;
  expires_at: string;
}

/** A private preview link of a publication: only the hash of its token is kept. */
export interface PreviewLinksTable {
  id: Generated<number>;
  publication_id: number;
  /** Hex SHA-256 of the token. */
  token_hash: string;
  created_by_id: number | null;
  /** ISO 8601: compares as text. */
  created_at: string;
  expires_at: string;
  first_viewed_at: string | null;
}

export interface RefreshTokensTable {
  jti: string;
  user_id: number;
  /** Unix seconds. */
  expires_at: number;
  /** The jti of the sign-in's first refresh token; every rotation stays in the family. */
  family: string;
  /** Unix seconds when it was exchanged for a new pair; null while it is the family's live token. */
  rotated_at: number | null;
  /** The sign-in's User-Agent, carried forward by every rotation. */
  user_agent: string | null;
  /** The address it was last used from; cleared after ACTIVITY_IP_KEPT_DAYS. */
  ip: string | null;
  /** ISO 8601: when the sign-in started, and when a token of its family was last issued. */
  started_at: string | null;
  last_used_at: string | null;
  /** Unix seconds: the token's `iat`. With the jti, user, expiry and session version, what its signature covers. Null on rows written before migration 020. */
  issued_at: number | null;
  /** The `session_version` claim it carries. Null on rows written before migration 020. */
  session_version: number | null;
  /** The jti of the token its rotation issued; null while it is live (and on rows rotated before migration 020). */
  successor: string | null;
}

export interface SectionsTable {
  id: Generated<number>;
  title: string;
  slug: string;
  is_active: number;
  /** 'date' | 'manual' | 'event' (domain/list-order.ts); 'date' unless said. */
  list_order: Generated<string>;
  order: number;
  /** Bumped by every edit, never by a reorder. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PublicationsTable {
  id: Generated<number>;
  title: string;
  section_id: number;
  status: PublicationStatus;
  featured_image: string | null;
  is_featured: number;
  /** YYYY-MM-DD: compares as text. */
  publish_date: string | null;
  /** The layout as JSON text, stored sanitised. */
  layout: string;
  order: number;
  /** Bumped by every edit, never by a reorder. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  /**
   * searchKey(title) (domain/search.ts), what the admin list's search looks in.
   * The repository writes it with every title (insertPublication, updatePublication).
   */
  title_search: Generated<string>;
  /**
   * How many image cells of the layout lack alternative text
   * (domain/publication-status.ts storedImagesWithoutAlt); written by the
   * repository with every layout, read by 'Pendiente de revisar'.
   */
  images_without_alt: Generated<number>;
  /**
   * Its event (domain/events.ts, docs/decisions/197), none while event_start is null: wall-clock
   * text of the site's zone ('YYYY-MM-DDTHH:MM:SS', or 'YYYY-MM-DD' with event_all_day 1).
   */
  event_start: string | null;
  event_end: string | null;
  event_all_day: Generated<number>;
  event_location: string | null;
  event_online_url: string | null;
  event_registration_url: string | null;
  /** YYYY-MM-DD, the end's day or the start's: written by the repository with every event, what upcoming and past compare. */
  event_last_day: Generated<string | null>;
}

export interface BiographiesTable {
  id: Generated<number>;
  name: string;
  position: string;
  biography: string;
  email: string;
  linkedin: string;
  photo: string | null;
  is_active: number;
  order: number;
  /** Bumped by every edit, never by a reorder. */
  version: Generated<number>;
  created_at: string;
  updated_at: string;
  /**
   * searchKey(name) (domain/search.ts), what 'Buscar por nombre' looks in.
   * The repository writes it with every name (insertBiography, updateBiography).
   */
  name_search: Generated<string>;
}

/** One file of the media library ('Medios', docs/decisions/192-the-media-library.md). */
export interface MediaTable {
  id: Generated<number>;
  kind: MediaFileKind;
  title: string;
  /** The name it had on the uploader's computer: shown, never used to store or serve it. */
  file_name: string;
  /** The stored file's URL (/media/images/… or /media/documentos/…). */
  url: string;
  content_type: string;
  /** Bytes. */
  size: number;
  width: number | null;
  height: number | null;
  /** The default alternative text, offered to each use (which keeps its own). */
  alt: Generated<string>;
  /** The point kept in view when the image is cropped, 0 to 1 from the left and from the top. */
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  /** searchKey(title + ' ' + file_name): what the library's search looks in. Written by the repository. */
  search_key: Generated<string>;
  created_by_id: number | null;
  created_by: Generated<string>;
  version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/**
 * One login attempt that reached (or is reaching) the password check: written
 * before the check, deleted when the password was right. What stays is the
 * failures, counted per IP and per username by auth/login-throttle.ts.
 */
export interface LoginAttemptsTable {
  id: Generated<number>;
  /** The client's network: an IPv4 address, or an IPv6 /64 (auth/client-network.ts). */
  ip: string;
  /** Lower case. */
  username: string;
  /** Unix milliseconds. */
  attempted_at: number;
  /** The known browser it came from (a login-device cookie's id), or null for an unknown one. */
  device: string | null;
}

/** One row (id 1) whose version every content write bumps: the public cache's clock. */
export interface ContentVersionTable {
  id: number;
  version: number;
}

/**
 * One delete ('Papelera', docs/decisions/130-trash.md): the deleted rows as
 * JSON (TrashContents), kept until restored or purged.
 */
export interface TrashTable {
  id: Generated<number>;
  kind: ContentKind;
  /** The title or name when it was deleted. */
  label: string;
  /** The deleted item's own id. */
  item_id: number;
  /** TrashContents as JSON text. */
  data: string;
  /** A section's publications that went with it; 0 for the other kinds. */
  publication_count: number;
  /** ISO 8601: compares as text. */
  deleted_at: string;
  deleted_by_id: number | null;
  /** The username, kept as it was when the delete happened. */
  deleted_by: string;
}

/**
 * One saved state of a publication, section or biography ('Historial',
 * docs/decisions/132-revisions-and-activity-log.md): the record as its admin
 * GET answered it, numbered per item from 1.
 */
export interface RevisionsTable {
  id: Generated<number>;
  kind: ContentKind;
  item_id: number;
  /** 1 for the item's first revision, one more each time; numbers stay when old ones are pruned. */
  number: number;
  /** ISO 8601: compares as text. */
  created_at: string;
  author_id: number | null;
  /** The username as it was ('' when unknown). */
  author: string;
  /** The record (Publication, Section or Biography as the API answers it) as JSON text. */
  data: string;
  /** What changed: a JSON array of short Spanish phrases. */
  summary: string;
  /** The number of the revision this one restored. */
  restored_from: number | null;
}

/** One entry of the activity log ('Actividad'): who did what and when. */
export interface ActivityTable {
  id: Generated<number>;
  /** ISO 8601: compares as text. */
  at: string;
  user_id: number | null;
  /** The username as it was; null for a failed sign-in with an unknown name, and for the automatic purge. */
  username: string | null;
  action: ActivityActionName;
  target_kind: ActivityTargetKindName | null;
  target_id: number | null;
  target_label: string;
  /** A sign-in's address; cleared after ACTIVITY_IP_KEPT_DAYS. */
  ip: string | null;
}

/**
 * The answer of a save that carried an Idempotency-Key, kept a short time per
 * user (docs/decisions/145-a-save-goes-out-once.md): the same key again is
 * answered with it instead of saving twice.
 */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  method: string;
  /** The request's path (no query). */
  path: string;
  status: number;
  /** The answer's body as JSON text. */
  answer: string;
  /** Unix milliseconds. */
  created_at: number;
}

/**
 * One open form: a person's browser tab on one record, renewed by its
 * heartbeats (db/presence-repository.ts, docs/decisions/182-presence.md).
 */
export interface PresenceTable {
  kind: ContentKind;
  item_id: number;
  user_id: number;
  /** The tab's own random id. */
  tab: string;
  /** The sign-in (refresh-token family) it came from; null for a token that names none. */
  family: string | null;
  /** ISO 8601: the first heartbeat and the last. */
  since: string;
  seen_at: string;
}

/** A message of the outbox (db/outbox-repository.ts, docs/decisions/202). */
export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface OutboxTable {
  id: Generated<number>;
  kind: MailKind;
  user_id: number | null;
  recipient: string;
  subject: string;
  /** Null once the message is sent, has failed or has expired. */
  body_text: string | null;
  body_html: string | null;
  message_id: string;
  status: OutboxStatus;
  attempts: Generated<number>;
  /** ISO 8601. */
  next_attempt_at: string;
  lease_until: string | null;
  leased_by: string | null;
  expires_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/**
 * 'Ajustes del sitio' (docs/decisions/199): one row, id 1, written by the first
 * save; none until then (the environment's defaults stand). Texts '' when
 * empty, numbers and dates null.
 */
export interface SiteSettingsTable {
  id: number;
  contact_email: string;
  contact_phone: string;
  contact_address: string;
  duration_months: number | null;
  ects_credits: number | null;
  price: number | null;
  /** '' or one of MODALITIES (src/domain/site-settings-values.ts). */
  modality: string;
  language: string;
  /** YYYY-MM-DD. */
  admission_opens: string | null;
  admission_closes: string | null;
  how_to_apply_url: string;
  social_facebook: string;
  social_instagram: string;
  social_x: string;
  social_youtube: string;
  social_linkedin: string;
  research_group_name: string;
  research_group_url: string;
  /** ISO 8601. */
  updated_at: string;
  /** The username as it was. */
  updated_by: string | null;
}

export interface Database {
  users: UsersTable;
  invitations: InvitationsTable;
  email_changes: EmailChangesTable;
  preview_links: PreviewLinksTable;
  refresh_tokens: RefreshTokensTable;
  sections: SectionsTable;
  publications: PublicationsTable;
  biographies: BiographiesTable;
  content_version: ContentVersionTable;
  login_attempts: LoginAttemptsTable;
  trash: TrashTable;
  revisions: RevisionsTable;
  activity: ActivityTable;
  idempotency_keys: IdempotencyKeysTable;
  presence: PresenceTable;
  media: MediaTable;
  outbox: OutboxTable;
  site_settings: SiteSettingsTable;
}

/** The table of each kind of content (src/domain/content-kinds.ts): a kind whose collection names no table is a type error. */
export type KindTable<K extends ContentKind> = Database[(typeof CONTENT_KIND)[K]['collection']];
export type KindRow<K extends ContentKind> = Selectable<KindTable<K>>;

export type MediaRow = Selectable<MediaTable>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewMediaRow = Insertable<MediaTable>;
export type MediaUpdate = Updateable<MediaTable>;
export type UserRow = Selectable<UsersTable>;
export type InvitationRow = Selectable<InvitationsTable>;
export type EmailChangeRow = Selectable<EmailChangesTable>;
export type PreviewLinkRow = Selectable<PreviewLinksTable>;
export type SectionRow = Selectable<SectionsTable>;
export type NewSectionRow = Insertable<SectionsTable>;
export type SectionUpdate = Updateable<SectionsTable>;
export type PublicationRow = Selectable<PublicationsTable>;
export type NewPublicationRow = Insertable<PublicationsTable>;
export type PublicationUpdate = Updateable<PublicationsTable>;
export type BiographyRow = Selectable<BiographiesTable>;
export type NewBiographyRow = Insertable<BiographiesTable>;
export type BiographyUpdate = Updateable<BiographiesTable>;
export type TrashRow = Selectable<TrashTable>;
export type RevisionRow = Selectable<RevisionsTable>;
export type ActivityRow = Selectable<ActivityTable>;
export type SiteSettingsRow = Selectable<SiteSettingsTable>;
