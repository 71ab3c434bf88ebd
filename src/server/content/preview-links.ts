import crypto from 'node:crypto';
import { accountMessages } from '@/domain/accounts';
import { messages } from '@/domain/messages';
import {
  isPreviewToken,
  PREVIEW_LINK_DEFAULT_DAYS,
  PREVIEW_LINK_MAX_DAYS,
  previewLinkPath,
  previewLinkTexts,
} from '@/domain/preview-links';
import { publicState } from '@/domain/publication-status';
import type { PreviewLink, PreviewLinkCreated, PublicPreview } from '@/domain/schemas/preview-links';
import { hashLinkToken } from '../auth/accounts';
import { nowIso, todayIso } from '../clock';
import type { DbOrTrx } from '../db/database';
import {
  deletePreviewLink,
  deletePreviewLinksByCreator,
  deletePreviewLinksOf,
  findLivePreviewLink,
  findPreviewLink,
  insertPreviewLink,
  listLivePreviewLinks,
  markFirstView,
  type PreviewLinkWithCreator,
} from '../db/preview-links-repository';
import { findPublication, findPublicationRow, type PublicationWithSection } from '../db/publications-repository';
import { invalidFields, nothingNamed, forbidden } from '../refusal';
import { toPublicPublication } from '../records';
import type { Services } from '../services';
import { logActivity, type Actor } from './activity-log';
import type { Writer } from './writer';

/**
 * Private preview links ('Compartir borrador', docs/decisions/173): an
 * address /vista-previa/{token} that shows a publication's saved version to
 * whoever holds it, without signing in, until it is revoked or expires. The
 * token has 256 random bits and is kept nowhere: the database holds its
 * SHA-256 (the password links' hashing), so a link is shown once, when made.
 * A link whose publication is in the trash answers as if it did not exist;
 * the publication's purge deletes it.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** Who asks: what an Editor may revoke depends on who made the link. */
export interface LinkViewer {
  id: number;
  role: string;
}

/** Whether this person may revoke a link: an Administrador any, an Editor their own. */
const mayRevoke = (viewer: LinkViewer, link: { created_by_id: number | null }): boolean =>
  viewer.role === 'admin' || (link.created_by_id !== null && link.created_by_id === viewer.id);

function toPreviewLink(row: PreviewLinkWithCreator, viewer: LinkViewer): PreviewLink {
  return {
    id: row.id,
    publication_id: row.publication_id,
    created_by: row.creator_name || row.creator_username || '',
    created_at: row.created_at,
    expires_at: row.expires_at,
    first_viewed_at: row.first_viewed_at,
    can_revoke: mayRevoke(viewer, row),
  };
}

const publicationTarget = (row: { id: number; title: string }) => ({ kind: 'publication' as const, id: row.id, label: row.title });

/** The live links of a publication, newest first; 404 when the publication does not exist (or is in the trash). */
export async function listPreviewLinks(services: Services, publicationId: number, viewer: LinkViewer): Promise<PreviewLink[]> {
  if (!(await findPublicationRow(services.db, publicationId))) throw nothingNamed(messages.publicationNotFound);
  const rows = await listLivePreviewLinks(services.db, publicationId, nowIso());
  return rows.map((row) => toPreviewLink(row, viewer));
}

/** Makes a link that lives `days` days (7 when not said); answers it with its address, the only time the address is told. */
export async function createPreviewLink(
  writer: Writer,
  publicationId: number,
  days: number | undefined,
  viewer: LinkViewer,
): Promise<PreviewLinkCreated> {
  const lifetime = days ?? PREVIEW_LINK_DEFAULT_DAYS;
  return writer.services.writeContent(async (trx) => {
    const publication = await findPublicationRow(trx, publicationId);
    if (!publication) throw nothingNamed(messages.publicationNotFound);
    // Checked after the record, as every write here is: a missing publication is 404 whatever the body says.
    if (!Number.isSafeInteger(lifetime) || lifetime < 1 || lifetime > PREVIEW_LINK_MAX_DAYS)
      throw invalidFields({ days: [previewLinkTexts.invalidDays] });
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    const row = await insertPreviewLink(trx, {
      publicationId,
      tokenHash: hashLinkToken(token),
      createdById: writer.actor.id,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + lifetime * DAY_MS).toISOString(),
    });
    await logActivity(trx, writer.actor, 'preview_link_create', publicationTarget(publication));
    return { ...toPreviewLink(row, viewer), url: previewLinkPath(token) };
  });
}

/** Revokes a link: it answers 404 from now on. 404 when there is no such link; 403 for an Editor's revoke of someone else's. */
export async function revokePreviewLink(writer: Writer, linkId: number, viewer: LinkViewer): Promise<void> {
  await writer.services.writeContent(async (trx) => {
    const link = await findPreviewLink(trx, linkId);
    if (!link) throw nothingNamed(previewLinkTexts.notFound);
    if (!mayRevoke(viewer, link)) throw forbidden(accountMessages.forbidden);
    await deletePreviewLink(trx, linkId);
    const publication = await findPublicationRow(trx, link.publication_id);
    await logActivity(trx, writer.actor, 'preview_link_revoke', {
      kind: 'publication',
      id: link.publication_id,
      label: publication?.title ?? '',
    });
  });
}

/** The live link a token names and its publication, or undefined (an unknown, malformed, expired or revoked token, a trashed publication). */
export async function findLiveLink(
  db: DbOrTrx,
  token: string,
): Promise<{ link: { id: number; expires_at: string }; publication: PublicationWithSection } | undefined> {
  if (!isPreviewToken(token)) return undefined;
  const link = await findLivePreviewLink(db, hashLinkToken(token), nowIso());
  if (!link) return undefined;
  const publication = await findPublication(db, link.publication_id);
  return publication ? { link, publication } : undefined;
}

/**
 * What a link shows: the publication's saved version and its shown status.
 * The first view of each link is recorded in Actividad (by nobody: whoever
 * holds a link has no account). undefined when the token names no live link.
 */
export async function openPreviewLink(services: Services, token: string): Promise<PublicPreview | undefined> {
  const found = await findLiveLink(services.db, token);
  if (!found) return undefined;
  const { link, publication } = found;
  // Not a content write: the public cache keeps its answers.
  await services.db.transaction().execute(async (trx) => {
    if (await markFirstView(trx, link.id, nowIso())) await logActivity(trx, null, 'preview_link_view', publicationTarget(publication));
  });
  const state = publicState(
    { status: publication.status, publish_date: publication.publish_date, section_is_active: publication.section_is_active !== 0 },
    todayIso(),
  );
  return { publication: toPublicPublication(publication), shown_status: state.status, expires_at: link.expires_at };
}

/**
 * Revokes every link an account made (a deactivation, a password reset, or
 * 'Revocar todos' in Usuarios), inside the caller's transaction; Actividad
 * names the account and how many went. Answers how many went.
 */
export async function revokePreviewLinksOfAccount(trx: DbOrTrx, actor: Actor, account: { id: number; username: string }): Promise<number> {
  const revoked = await deletePreviewLinksByCreator(trx, account.id);
  if (revoked > 0) {
    await logActivity(trx, actor, 'preview_links_revoke_all', {
      kind: 'user',
      id: account.id,
      label: `${account.username} (${revoked})`,
    });
  }
  return revoked;
}

/** Deletes the links of publications purged for good (unless a publication with that id lives again). */
export async function forgetPreviewLinks(trx: DbOrTrx, publicationIds: readonly number[]): Promise<void> {
  for (const id of publicationIds) if (!(await findPublicationRow(trx, id))) await deletePreviewLinksOf(trx, id);
}
