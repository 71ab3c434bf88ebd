import type { TokenPair } from '@/domain/entities';
import type { InvitationRow, UserRow } from '../db/schema';
import { issuePair, type RequestOrigin } from '../auth/sessions';
import { logActivity } from '../content/activity-log';
import { dropUnusedInvitations, useInvitation } from '../db/invitations-repository';
import { revokeUserRefreshTokens, sessionOfFamily } from '../db/refresh-tokens-repository';
import { changePassword, readUser, recordSignIn } from '../db/users-repository';
import { queuePasswordChangedNotice } from '../mail/password-changed';
import type { Services } from '../services';

/**
 * Passwords chosen and changed (docs/decisions/161, 164, 204): a one-time link's acceptance and a
 * change in 'Mi cuenta'. Each ends the person's other sign-ins, drops their unused links and, when a
 * password existed before, queues 'Su contraseña ha cambiado' in the same transaction. The new
 * password arrives hashed: the slow hashing happens before, outside any transaction.
 */

/**
 * Uses a link to set the password and signs in: the conditional update of the link is the check,
 * so two requests racing with one link cannot both win (false: it was used or expired meanwhile).
 */
export async function acceptPasswordLink(
  services: Services,
  { invitation, user }: { invitation: InvitationRow; user: UserRow },
  passwordHash: string,
  origin: RequestOrigin,
): Promise<TokenPair | false> {
  const { db, tokens, mailer } = services;
  const pair = await db.transaction().execute(async (trx) => {
    if (!(await useInvitation(trx, invitation.id, new Date().toISOString()))) return false;
    await changePassword(trx, user.id, passwordHash);
    await revokeUserRefreshTokens(trx, user.id);
    await dropUnusedInvitations(trx, user.id);
    await recordSignIn(trx, user.id);
    const changed = await readUser(trx, user.id);
    // A first password (an invitation's) changed nothing: only a reset is news to the account's address.
    if (invitation.kind === 'reset') await queuePasswordChangedNotice(trx, mailer, changed, origin.userAgent);
    return issuePair(trx, tokens, changed, { origin });
  });
  if (!pair) return false;
  mailer.kick();
  const actor = { id: user.id, username: user.username };
  await logActivity(db, actor, invitation.kind === 'reset' ? 'password_change' : 'account_activate', {
    kind: 'user',
    id: user.id,
    label: user.username,
  });
  await logActivity(db, actor, 'sign_in', undefined, origin.ip);
  return pair;
}

/** 'Mi cuenta': the signed-in person's new password; this sign-in (`family`) goes on with a new pair. */
export async function changeOwnPassword(
  services: Services,
  user: UserRow,
  family: string | undefined,
  passwordHash: string,
  origin: RequestOrigin,
): Promise<TokenPair> {
  const { db, tokens, mailer } = services;
  const pair = await db.transaction().execute(async (trx) => {
    const carried = family ? await sessionOfFamily(trx, family) : undefined;
    await changePassword(trx, user.id, passwordHash);
    await revokeUserRefreshTokens(trx, user.id);
    await dropUnusedInvitations(trx, user.id);
    const changed = await readUser(trx, user.id);
    await queuePasswordChangedNotice(trx, mailer, changed, origin.userAgent);
    return issuePair(trx, tokens, changed, { family, origin, carried });
  });
  mailer.kick();
  await logActivity(db, { id: user.id, username: user.username }, 'password_change', { kind: 'user', id: user.id, label: user.username });
  return pair;
}
