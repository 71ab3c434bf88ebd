type Env = Record<string, string | undefined>;

/**
 * Where the site's mail goes out (docs/decisions/202): an SMTP server's
 * address with its user and password (SMTP_URL, `smtp://` or `smtps://`;
 * STARTTLS whenever the server offers it) and the sender (MAIL_FROM). Unset,
 * the site sends nothing: one-time links are shown once in the panel.
 */
export interface MailSettings {
  url: string;
  from: string;
  /** Milliseconds before a failed message is tried again the first time; each retry waits twice as long, at most an hour. */
  retryBaseMs: number;
  /** Milliseconds between two looks at the outbox for messages due (each instance looks; a lease keeps a message to one). */
  pollMs: number;
}

const DEFAULT_RETRY_BASE_MS = 30_000;
const DEFAULT_POLL_MS = 5_000;

function positive(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/**
 * The SMTP_URL, MAIL_FROM and MAIL_* variables; undefined when SMTP_URL is
 * unset. With it, mailed links must point where people reach the site, so
 * PUBLIC_URL is required (`publicUrl` is the one config.ts read).
 */
export function mailSettingsFromEnv(env: Env, publicUrl: string | undefined): MailSettings | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error('SMTP_URL must be an address such as smtp://user:password@mail.example.org:587');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://');
  if (!publicUrl)
    throw new Error('SMTP_URL is set but PUBLIC_URL is not: mailed links need the address people reach the site at (PUBLIC_URL)');
  const from = env.MAIL_FROM?.trim();
  if (!from)
    throw new Error('SMTP_URL is set but MAIL_FROM is not: say who the mail comes from, e.g. "Máster EEyCE" <no-responder@example.org>');
  return {
    url: raw,
    from,
    retryBaseMs: positive(env, 'MAIL_RETRY_BASE_MS', DEFAULT_RETRY_BASE_MS),
    pollMs: positive(env, 'MAIL_POLL_MS', DEFAULT_POLL_MS),
  };
}
