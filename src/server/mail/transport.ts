import nodemailer from 'nodemailer';
import type { MailSettings } from './mail-config';

/** One message as the outbox hands it over: addresses, words and its stable Message-ID. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
}

/** What sends: SMTP in the site, anything that throws the way it does in a test of a fault. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * SMTP through nodemailer, from SMTP_URL (its user, password and options;
 * STARTTLS whenever the server offers it) and MAIL_FROM. Short timeouts: a
 * server that does not answer is tried again later rather than holding a
 * message past its claim.
 */
export function smtpTransport(settings: MailSettings): MailTransport {
  const transporter = nodemailer.createTransport({
    url: settings.url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  });
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, from: settings.from });
    },
    close: () => transporter.close(),
  };
}

/** The mail server's own answer to a refusal ('550 …'), else what went wrong on the way (ECONNREFUSED, a timeout). */
export function mailFailure(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { response, code, message } = error as { response?: unknown; code?: unknown; message?: unknown };
    if (typeof response === 'string' && response !== '') return response;
    const text = typeof message === 'string' ? message : String(error);
    return typeof code === 'string' && !text.includes(code) ? `${code}: ${text}` : text;
  }
  return String(error);
}
