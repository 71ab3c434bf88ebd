/**
 * A save goes out once (docs/decisions/145-a-save-goes-out-once.md): every
 * attempt to save carries a key of its own in `Idempotency-Key`, and the
 * server answers a repeat of that key (a request the network or the browser
 * sent twice, a retry after a refreshed token) with the first answer instead
 * of saving twice or refusing it as stale.
 */

/** A new random key for one save attempt: 128 bits as hex. getRandomValues, unlike randomUUID, works on plain http too. */
export function newSaveKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What a save mutation takes besides its fields: the attempt's key (a fresh one when none is given). */
export interface SaveAttempt {
  saveKey?: string;
}

/** The request headers of a save attempt. */
export const saveHeaders = (saveKey: string | undefined): Record<string, string> => ({ 'Idempotency-Key': saveKey ?? newSaveKey() });
