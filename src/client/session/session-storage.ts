import type { SessionRecord } from '@/domain/entities';

/** The localStorage key of the session record (requirements §3). */
export const SESSION_STORAGE_KEY = 'user';

const isSessionRecord = (value: unknown): value is SessionRecord => {
  if (typeof value !== 'object' || value === null) return false;
  const { access, refresh, username } = value as Record<string, unknown>;
  return typeof access === 'string' && typeof refresh === 'string' && typeof username === 'string' && access !== '';
};

/** The stored session, or null when there is none or it is unreadable. */
export function readStoredSession(): SessionRecord | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionRecord(parsed) ? { access: parsed.access, refresh: parsed.refresh, username: parsed.username } : null;
  } catch {
    return null;
  }
}

/** Writes the session record, or removes it when there is none. */
export function writeStoredSession(record: SessionRecord | null): void {
  try {
    if (record) globalThis.localStorage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
    else globalThis.localStorage?.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage can be full or disabled (private mode): the session then lasts as long as the page.
  }
}
