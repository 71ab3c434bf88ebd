import type { MailKind } from '@/domain/mail';
import type { DbOrTrx } from '../db/database';
import { enqueueMail } from '../db/outbox-repository';
import { composeMail, type MailContent } from './compose';
import type { OutboxRunner } from './outbox';

const HOUR_MS = 60 * 60 * 1000;

/** How long a notice (nothing to click) is worth sending: after a day it is news to nobody. */
const NOTICE_LIFETIME_MS = 24 * HOUR_MS;

export interface MailOrder {
  kind: MailKind;
  /** The account it is about, when there is one. */
  userId: number | null;
  to: string;
  /** Its link may be a path of the site's: it is made absolute with PUBLIC_URL. */
  content: MailContent;
  /** When the link it carries stops working (not sent after that); a notice's day when absent. */
  expiresAt?: Date;
}

/**
 * The site's mail as the actions see it (docs/decisions/202): `queue` writes
 * a message to the outbox in the action's own transaction, so that it goes
 * if and only if the action is stored; `kick` (after that transaction has
 * committed) has the outbox look at once rather than at its next tick. With
 * no SMTP server configured, `enabled` is false and both do nothing: the
 * panel's one-time links are the only way.
 */
export interface Mailer {
  readonly enabled: boolean;
  queue(db: DbOrTrx, order: MailOrder, now?: Date): Promise<void>;
  kick(): void;
}

export function createMailer(publicUrl: string | undefined, outbox: OutboxRunner | undefined): Mailer {
  if (!outbox || !publicUrl) return { enabled: false, queue: async () => undefined, kick: () => undefined };
  return {
    enabled: true,
    async queue(db, { kind, userId, to, content, expiresAt }, now = new Date()) {
      // A link of the site's (the activation page's, say) is written whole, at the address people reach it.
      const action = content.action && { ...content.action, url: new URL(content.action.url, publicUrl).toString() };
      const mail = composeMail({ ...content, ...(action && { action }) }, publicUrl);
      await enqueueMail(
        db,
        { kind, userId, recipient: to, ...mail, expiresAt: expiresAt ?? new Date(now.getTime() + NOTICE_LIFETIME_MS) },
        now,
      );
    },
    kick: () => outbox.kick(),
  };
}
