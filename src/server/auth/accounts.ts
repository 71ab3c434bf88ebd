import crypto from 'node:crypto';
import { INVITATION_LIFETIME_HOURS, type AccountState, type InvitationKind } from '@/domain/accounts';
import type { DbOrTrx } from '../db/database';
import { replaceInvitation } from '../db/invitations-repository';
import type { UserRow } from '../db/schema';
import type { User } from '@/domain/schemas/accounts';
import { NO_PASSWORD } from '../db/users-repository';

/**
 * Accounts as 'Usuarios' shows them, and the one-time password links
 * (invitation, reset). A link's token has 256 random bits, travels after '#'
 * and in request bodies only, and is kept nowhere: the database holds its
 * SHA-256, so a link can be shown once, when it is made.
 */

/** Where the activation page lives; the token follows '#', so it never reaches a server, a log or a Referer. */
const ACTIVATION_PATH = '/admin/activar';

const HOUR_MS = 60 * 60 * 1000;

export const hashLinkToken = (token: string): string => crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/** A new one-time link's token (256 random bits, base64url: 43 characters) and the hash that is all the database keeps of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export interface MadeLink {
  url: string;
  /** ISO 8601. */
  expires_at: string;
}

/** How long a link made in the panel lasts; one asked for at the sign-in page lasts an hour (routes/password-reset.ts). */
const PANEL_LINK_LIFETIME_MS = INVITATION_LIFETIME_HOURS * HOUR_MS;

/** Makes a new link for a person, replacing any unused one: only the newest works. */
export async function makeLink(
  db: DbOrTrx,
  userId: number,
  kind: InvitationKind,
  createdById: number | null,
  lifetimeMs: number = PANEL_LINK_LIFETIME_MS,
): Promise<MadeLink> {
  const { token, hash } = newLinkToken();
  const now = Date.now();
  const expiresAt = new Date(now + lifetimeMs).toISOString();
  await replaceInvitation(db, {
    userId,
    tokenHash: hash,
    kind,
    createdAt: new Date(now).toISOString(),
    expiresAt,
    createdById,
  });
  return { url: `${ACTIVATION_PATH}#${token}`, expires_at: expiresAt };
}

/** Whether the person has never chosen a password (an invitation not yet accepted). */
export const neverActivated = (user: UserRow): boolean => user.password_hash === NO_PASSWORD;

/** 'Estado': deactivated, waiting for an invitation to be accepted (still valid or not), or active. */
function accountState(user: UserRow, pendingLinkExpiry: string | undefined, now: string): AccountState {
  if (user.is_active !== 1) return 'inactive';
  if (neverActivated(user)) return pendingLinkExpiry !== undefined && pendingLinkExpiry > now ? 'invited' : 'invitation_expired';
  return 'active';
}

/** An account as 'Usuarios' answers it: the API schema's own type. */
export type UserJson = User;

export function toUserJson(user: UserRow, pendingLinkExpiry: string | undefined, now: string, previewLinks: number): UserJson {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    role: user.role,
    email: user.email,
    state: accountState(user, pendingLinkExpiry, now),
    last_login_at: user.last_login_at,
    preview_links: previewLinks,
  };
}
