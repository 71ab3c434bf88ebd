import { accountMessages, NAME_MAX_LENGTH, ROLE_LABELS, validateAccountEmail, validateUsername, type Role } from '@/domain/accounts';
import type { FieldErrors } from '@/domain/entities';
import { messages } from '@/domain/messages';
import { hasErrors } from '@/domain/validation';
import { makeLink, neverActivated, toUserJson, type MadeLink, type UserJson } from '../auth/accounts';
import { logActivity, type Actor } from '../content/activity-log';
import { revokePreviewLinksOfAccount } from '../content/preview-links';
import type { DbOrTrx } from '../db/database';
import { dropEmailChange } from '../db/email-changes-repository';
import { dropUnusedInvitations, pendingInvitationExpiries } from '../db/invitations-repository';
import { countLivePreviewLinksByCreator } from '../db/preview-links-repository';
import { revokeUserRefreshTokens } from '../db/refresh-tokens-repository';
import type { UserRow } from '../db/schema';
import {
  changePassword,
  countActiveAdmins,
  findUserByEmail,
  findUserById,
  insertAccount,
  listUsers,
  NO_PASSWORD,
  PASSWORD_RESET,
  readUser,
  updateAccount,
} from '../db/users-repository';
import { adminResetMail, invitationMail } from '../mail/account-mail';
import type { MailContent } from '../mail/compose';
import { invalidFields, invalidRequest, nothingNamed } from '../refusal';
import type { Services } from '../services';

/**
 * 'Usuarios' (Administradores only, auth/permissions.ts): accounts are
 * created without a password and joined by a one-time link; they are
 * deactivated, never deleted, so history keeps its authors. Every change runs
 * under the write lock (services.writeContent), so the rule "at least one
 * active Administrador" is checked against what is really stored: two
 * Administradores demoting each other at once cannot both win. A link made
 * here is also mailed to the account's address when it has one and the site
 * sends mail (docs/decisions/204).
 */

/** A link as the panel shows it once: where it was also mailed, if anywhere. */
export type PanelLink = MadeLink & { mailed_to: string | null };

export interface NewAccount {
  username?: string;
  name?: string;
  role?: Role | '';
  email?: string | null;
}

export interface AccountChange {
  name?: string;
  role?: Role;
  is_active?: boolean;
  email?: string | null;
}

const actorOf = (me: UserRow): Actor => ({ id: me.id, username: me.username });
/** How a message names the Administrador who acted: their name, else their username. */
const nameOf = (user: UserRow): string => user.name.trim() || user.username;
const targetOf = (user: UserRow) => ({ kind: 'user' as const, id: user.id, label: user.username });

async function userJson(db: DbOrTrx, user: UserRow): Promise<UserJson> {
  const now = new Date().toISOString();
  const [expiries, links] = await Promise.all([pendingInvitationExpiries(db), countLivePreviewLinksByCreator(db, now)]);
  return toUserJson(user, expiries.get(user.id), now, links.get(user.id) ?? 0);
}

/** The staff account `id`, or a 404's refusal. */
async function staffAccount(db: DbOrTrx, id: number): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user || user.is_staff !== 1) throw nothingNamed(accountMessages.userNotFound);
  return user;
}

/** Every account as 'Usuarios' lists it, by username. */
export async function listAccounts({ db }: Services): Promise<UserJson[]> {
  const now = new Date().toISOString();
  const [users, expiries, links] = await Promise.all([
    listUsers(db),
    pendingInvitationExpiries(db),
    countLivePreviewLinksByCreator(db, now),
  ]);
  return users.map((user) => toUserJson(user, expiries.get(user.id), now, links.get(user.id) ?? 0));
}

/** Queues a link made here for the account's address, in the link's transaction; answers the address. */
async function mailLink({ mailer }: Services, trx: DbOrTrx, user: UserRow, link: MadeLink, content: MailContent): Promise<string | null> {
  if (!user.email || !mailer.enabled) return null;
  const kind = neverActivated(user) ? 'invitation' : 'reset-by-admin';
  await mailer.queue(trx, { kind, userId: user.id, to: user.email, content, expiresAt: new Date(link.expires_at) });
  return user.email;
}

/** A new account without a password, and its invitation (shown once, mailed when it can be). */
export async function createAccount(
  services: Services,
  me: UserRow,
  input: NewAccount,
): Promise<{ user: UserJson; invitation: PanelLink }> {
  const errors: FieldErrors = {};
  const username = (input.username ?? '').trim();
  const name = (input.name ?? '').trim();
  const role = input.role ?? '';
  const email = (input.email ?? '').trim();
  const usernameErrors = validateUsername(username);
  if (usernameErrors.length > 0) errors.username = usernameErrors;
  const emailErrors = validateAccountEmail(email);
  if (emailErrors.length > 0) errors.email = emailErrors;
  if ([...name].length > NAME_MAX_LENGTH) errors.name = [accountMessages.nameTooLong];
  if (role === '') errors.role = [messages.required];
  if (hasErrors(errors) || role === '') throw invalidFields(errors);
  const actor = actorOf(me);
  const answer = await services.writeContent(async (trx) => {
    // Under the write lock: no other account can take the address between this look and the insert.
    if (email !== '' && (await findUserByEmail(trx, email))) throw invalidFields({ email: [accountMessages.emailTaken] });
    const created = await insertAccount(trx, { username, passwordHash: NO_PASSWORD, name, role, email });
    if (!created) throw invalidFields({ username: [accountMessages.usernameTaken] });
    const link = await makeLink(trx, created.id, 'invitation', me.id);
    await logActivity(trx, actor, 'account_create', targetOf(created));
    await logActivity(trx, actor, 'invitation_create', targetOf(created));
    const mailedTo = await mailLink(services, trx, created, link, invitationMail(created, link.url, nameOf(me)));
    return { user: await userJson(trx, created), invitation: { ...link, mailed_to: mailedTo } };
  });
  services.mailer.kick();
  return answer;
}

/**
 * A change of name, address, role or state. Nobody deactivates or demotes themselves, or changes their
 * own address here (Mi cuenta does, with a confirmation), and an active Administrador always remains. A deactivated account's sessions, links and pending address end now.
 */
export async function changeAccount(services: Services, me: UserRow, id: number, input: AccountChange): Promise<UserJson> {
  const { name, role, is_active: isActive } = input;
  const email = input.email === undefined ? undefined : (input.email ?? '').trim();
  const errors: FieldErrors = {};
  if (name !== undefined && [...name.trim()].length > NAME_MAX_LENGTH) errors.name = [accountMessages.nameTooLong];
  const emailErrors = email === undefined ? [] : validateAccountEmail(email);
  if (emailErrors.length > 0) errors.email = emailErrors;
  if (hasErrors(errors)) throw invalidFields(errors);
  const actor = actorOf(me);
  return services.writeContent(async (trx) => {
    const user = await staffAccount(trx, id);
    const roleChanges = role !== undefined && role !== user.role;
    const activeChanges = isActive !== undefined && (isActive ? 1 : 0) !== user.is_active;
    if (id === me.id && activeChanges && !isActive) throw invalidRequest(accountMessages.cannotDeactivateSelf);
    if (id === me.id && roleChanges) throw invalidRequest(accountMessages.cannotChangeOwnRole);
    // One's own address takes the current password and a link to the new one (Mi cuenta, decision 230):
    // a borrowed session must not be able to point the account's reset mail elsewhere.
    if (id === me.id && email !== undefined && email !== (user.email ?? ''))
      throw invalidFields({ email: [accountMessages.ownEmailInAccount] });
    if (email) {
      const owner = await findUserByEmail(trx, email);
      if (owner && owner.id !== id) throw invalidFields({ email: [accountMessages.emailTaken] });
    }
    const change: { name?: string; role?: Role; is_active?: number; email?: string } = {};
    if (name !== undefined) change.name = name.trim();
    if (email !== undefined) change.email = email;
    if (roleChanges) change.role = role;
    if (activeChanges) change.is_active = isActive ? 1 : 0;
    await updateAccount(trx, id, change);
    // Checked after the change, under the write lock: what is stored now is what counts.
    if ((roleChanges || activeChanges) && user.role === 'admin' && (await countActiveAdmins(trx)) === 0) {
      throw invalidRequest(accountMessages.lastAdmin);
    }
    if (activeChanges && !isActive) {
      await revokeUserRefreshTokens(trx, id);
      await dropUnusedInvitations(trx, id);
      await dropEmailChange(trx, id);
      await logActivity(trx, actor, 'account_deactivate', targetOf(user));
      await revokePreviewLinksOfAccount(trx, actor, user);
    }
    if (activeChanges && isActive) await logActivity(trx, actor, 'account_reactivate', targetOf(user));
    if (roleChanges) await logActivity(trx, actor, 'role_change', { ...targetOf(user), label: `${user.username} (${ROLE_LABELS[role]})` });
    return userJson(trx, await readUser(trx, id));
  });
}

/**
 * A new password link: for an account that never chose a password, a new invitation; for an active
 * one, a reset, whose old password, sign-ins and private links end now, not when the link is used.
 * Not for a deactivated account, nor one's own (Mi cuenta changes it).
 */
export async function makePasswordLink(services: Services, me: UserRow, id: number): Promise<PanelLink> {
  // A reset of one's own account would end this very session.
  if (id === me.id) throw invalidRequest(accountMessages.ownLink);
  const actor = actorOf(me);
  const link = await services.writeContent(async (trx) => {
    const user = await staffAccount(trx, id);
    if (user.is_active !== 1) throw invalidRequest(accountMessages.inactiveAccountLink);
    if (neverActivated(user)) {
      const made = await makeLink(trx, id, 'invitation', me.id);
      await logActivity(trx, actor, 'invitation_create', targetOf(user));
      return { ...made, mailed_to: await mailLink(services, trx, user, made, invitationMail(user, made.url, nameOf(me))) };
    }
    await changePassword(trx, id, PASSWORD_RESET);
    await revokeUserRefreshTokens(trx, id);
    const made = await makeLink(trx, id, 'reset', me.id);
    await logActivity(trx, actor, 'password_reset', targetOf(user));
    await revokePreviewLinksOfAccount(trx, actor, user);
    return { ...made, mailed_to: await mailLink(services, trx, user, made, adminResetMail(user, made.url, nameOf(me))) };
  });
  services.mailer.kick();
  return link;
}

/** Revokes every private link an account made; answers how many. */
export async function revokeAccountPreviewLinks(services: Services, me: UserRow, id: number): Promise<number> {
  return services.writeContent(async (trx) => revokePreviewLinksOfAccount(trx, actorOf(me), await staffAccount(trx, id)));
}
