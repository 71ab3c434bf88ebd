import { makeLink, neverActivated } from '../auth/accounts';
import { isPasswordHash } from '../auth/passwords';
import { countRecentMail } from '../db/outbox-repository';
import { findUserByEmail, findUserByUsername } from '../db/users-repository';
import { passwordResetMail } from '../mail/account-mail';
import type { Services } from '../services';

const HOUR_MS = 60 * 60 * 1000;
/** A link asked for at the sign-in page lasts an hour: it travels by mail, and mail is read soon or not at all. */
const RESET_LINK_LIFETIME_MS = HOUR_MS;
/** At most this many such links an hour per account: more sends nothing (and says nothing different). */
const RESETS_PER_HOUR = 3;

/**
 * Looks the typed name up (a username, else an email address) and, for an
 * active account with an address that has room in its hourly limit, makes a
 * one-hour link and queues it in one transaction. Anything else does nothing:
 * the person was already told the same as everyone.
 */
export async function sendResetLink({ db, mailer }: Services, typed: string, now: Date = new Date()): Promise<void> {
  const user = (await findUserByUsername(db, typed)) ?? (typed.includes('@') ? await findUserByEmail(db, typed) : undefined);
  if (!user?.email || user.is_staff !== 1 || user.is_active !== 1) return;
  const to = user.email;
  const queued = await db.transaction().execute(async (trx) => {
    if ((await countRecentMail(trx, user.id, 'password-reset', new Date(now.getTime() - HOUR_MS))) >= RESETS_PER_HOUR) return false;
    // Someone invited who lost the invitation chooses a first password: the link is an invitation.
    const link = await makeLink(trx, user.id, neverActivated(user) ? 'invitation' : 'reset', null, RESET_LINK_LIFETIME_MS);
    const content = passwordResetMail(user, link.url, isPasswordHash(user.password_hash));
    await mailer.queue(trx, { kind: 'password-reset', userId: user.id, to, content, expiresAt: new Date(link.expires_at) }, now);
    return true;
  });
  if (queued) mailer.kick();
}
