import { accountMessages, EMAIL_CONFIRMATION_LIFETIME_HOURS, emailKey } from '@/domain/accounts';
import { hashLinkToken, newLinkToken } from '../auth/accounts';
import type { DbOrTrx } from '../db/database';
import { dropEmailChange, findUsableEmailChange, replaceEmailChange, takeEmailChange } from '../db/email-changes-repository';
import type { UserRow } from '../db/schema';
import { findUserByEmail, findUserById, readUser, updateAccount } from '../db/users-repository';
import { invalidFields, nothingNamed, conflict } from '../refusal';
import { emailChangedMail, emailConfirmMail, emailRemovedMail } from '../mail/account-mail';
import type { Services } from '../services';
import { logActivity } from './activity-log';

/**
 * The owner's own email address ('Mi cuenta', docs/decisions/206). A new
 * address waits, pending, until the link mailed to it is opened: nobody can
 * point the account's mail (its password resets) at an inbox they do not
 * read. Once an address is set, the old one is told. A site that sends no
 * mail cannot confirm anything: there the owner's change, made with the
 * current password, is set at once. The address itself never reaches the
 * activity log.
 */

/** Where the confirmation page lives; the token follows '#', so it never reaches a server, a log or a Referer. */
const CONFIRMATION_PATH = '/admin/confirmar-correo';

const HOUR_MS = 60 * 60 * 1000;

const addressee = (user: UserRow) => ({ username: user.username, name: user.name });
const ownAct = (user: UserRow) => ({
  actor: { id: user.id, username: user.username },
  target: { kind: 'user' as const, id: user.id, label: user.username },
});

/** Whether another account has this address in any spelling. Run under the write lock, so that the answer still holds at the write. */
async function emailTakenByAnother(trx: DbOrTrx, user: UserRow, email: string): Promise<boolean> {
  const owner = await findUserByEmail(trx, email);
  return owner !== undefined && owner.id !== user.id;
}

/**
 * Sets the account's address at once ('' removes it) and forgets any pending
 * one. When the address really changes, the change goes to Actividad and the
 * old address, if there was one, is told (nothing is mailed when the site
 * sends no mail). The caller checked that no other account has it.
 */
async function setOwnEmail(trx: DbOrTrx, services: Services, user: UserRow, email: string, now: Date): Promise<void> {
  const address = email.trim();
  await dropEmailChange(trx, user.id);
  if ((user.email ?? '') === address) return;
  await updateAccount(trx, user.id, { email: address });
  const { actor, target } = ownAct(user);
  await logActivity(trx, actor, 'email_change', target);
  // Only a new mailbox is news: a change of case in the same address is not.
  if (user.email && (address === '' || emailKey(user.email) !== emailKey(address))) {
    const content = address === '' ? emailRemovedMail(addressee(user), now) : emailChangedMail(addressee(user), address, now);
    await services.mailer.queue(trx, { kind: 'email-changed', userId: user.id, to: user.email, content }, now);
  }
}

/**
 * Keeps `email` as the account's pending address with a new one-time link
 * (replacing any earlier request: only the newest link works) and mails the
 * link to that address. The link works for EMAIL_CONFIRMATION_LIFETIME_HOURS
 * and only while the account's password stays the one it was asked with.
 */
async function requestOwnEmail(trx: DbOrTrx, services: Services, user: UserRow, email: string, now: Date): Promise<void> {
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + EMAIL_CONFIRMATION_LIFETIME_HOURS * HOUR_MS);
  await replaceEmailChange(trx, {
    userId: user.id,
    email,
    tokenHash: hash,
    sessionVersion: user.session_version,
    createdAt: now.toISOString(),
    expiresAt: expiresAt.toISOString(),
  });
  await services.mailer.queue(
    trx,
    {
      kind: 'email-confirm',
      userId: user.id,
      to: email,
      content: emailConfirmMail(addressee(user), `${CONFIRMATION_PATH}#${token}`),
      expiresAt,
    },
    now,
  );
  const { actor, target } = ownAct(user);
  await logActivity(trx, actor, 'email_change_request', target);
}

const invalidLink = () => nothingNamed(accountMessages.invalidEmailLink);

/**
 * Uses a confirmation link: the pending address becomes the account's, once.
 * 404 for a link that confirms nothing (unknown, used, replaced, expired, of a
 * deactivated account, or asked before the password last changed); 409 when
 * another account took the address meanwhile (the link stays unused). Answers
 * the address; the caller kicks the outbox.
 */
export async function confirmOwnEmail(services: Services, token: string, now: Date = new Date()): Promise<string> {
  const at = now.toISOString();
  // Looked up before the write lock: a wrong token costs a read, never a turn at the lock.
  const found = await findUsableEmailChange(services.db, hashLinkToken(token), at);
  if (!found) throw invalidLink();
  return services.writeContent(async (trx) => {
    const user = await findUserById(trx, found.user_id);
    if (!user || user.is_staff !== 1 || user.is_active !== 1 || user.session_version !== found.session_version) throw invalidLink();
    // The conditional delete is the check: two requests racing with one link cannot both win.
    if (!(await takeEmailChange(trx, found.id, at))) throw invalidLink();
    if (await emailTakenByAnother(trx, user, found.email)) throw conflict(accountMessages.emailTaken);
    await setOwnEmail(trx, services, user, found.email, now);
    return found.email;
  });
}

/**
 * The owner's change of address, under the write lock (what is stored now is what counts): a new
 * mailbox waits for its link on a site that sends mail; anything else (none, the same address written
 * otherwise, a site without mail) is set now. Answers whether it waits. Refuses an address another
 * account has.
 */
export async function changeOwnEmail(services: Services, user: UserRow, email: string, now: Date): Promise<boolean> {
  const waits = await services.writeContent(async (trx) => {
    const me = await readUser(trx, user.id);
    if (email !== '' && (await emailTakenByAnother(trx, me, email))) throw invalidFields({ email: [accountMessages.emailTaken] });
    const confirm = email !== '' && services.mailer.enabled && emailKey(email) !== me.email_key;
    if (confirm) await requestOwnEmail(trx, services, me, email, now);
    else await setOwnEmail(trx, services, me, email, now);
    return confirm;
  });
  services.mailer.kick();
  return waits;
}
