import { describeBrowser } from '../auth/sessions';
import type { DbOrTrx } from '../db/database';
import type { UserRow } from '../db/schema';
import { passwordChangedMail } from './account-mail';
import type { Mailer } from './mailer';

/**
 * 'Su contraseña ha cambiado' (docs/decisions/204), queued in the change's own transaction for an
 * account with an address: after a change in 'Mi cuenta' and after a reset link is used, never for the
 * first password chosen through an invitation (nothing changed: there was none). Says when and from
 * which browser, so that a person who did not do it knows to act.
 */
export async function queuePasswordChangedNotice(
  trx: DbOrTrx,
  mailer: Mailer,
  user: UserRow,
  userAgent: string | null,
  at: Date = new Date(),
): Promise<void> {
  if (!user.email) return;
  const { browser, system } = describeBrowser(userAgent);
  const content = passwordChangedMail(user, at, `${browser} en ${system}`);
  await mailer.queue(trx, { kind: 'password-changed', userId: user.id, to: user.email, content }, at);
}
