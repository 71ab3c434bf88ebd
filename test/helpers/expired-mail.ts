import { enqueueMail } from '@/server/db/outbox-repository';
import { composeMail } from '@/server/mail/compose';
import type { Services } from '@/server/services';

/**
 * A password link's message whose link expired before it could be sent, written as an action
 * would write it (`writtenAt`, now by default), and the outbox woken: it then fails the message.
 */
export async function writeExpiredMail(
  services: Pick<Services, 'db' | 'outbox'>,
  recipient: string,
  { publicUrl, userId = null, writtenAt = new Date() }: { publicUrl: string; userId?: number | null; writtenAt?: Date },
): Promise<void> {
  const mail = composeMail(
    {
      subject: 'Elija una contraseña nueva',
      greeting: 'Hola:',
      paragraphs: [],
      action: { label: 'Elegir una contraseña nueva', url: `${publicUrl}/admin/activar#caducado` },
    },
    publicUrl,
  );
  const expiresAt = new Date(Date.now() - 1);
  await enqueueMail(services.db, { kind: 'password-reset', userId, recipient, ...mail, expiresAt }, writtenAt);
  services.outbox?.kick();
}
