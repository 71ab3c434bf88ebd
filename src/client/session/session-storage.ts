import type { SessionRecord } from '@/domain/entities';
import { isSessionRecord } from './session-slice';

/** The localStorage key of the session record (requirements §3). */
export const SESSION_STORAGE_KEY = 'user';

/** A record worth restoring: its shape, and an access token that is not empty. */
const isStoredSession = (value: unknown): value is SessionRecord => isSessionRecord(value) && value.access !== '';

/** The stored session, or null when there is none or it is unreadable. */
export function readStoredSession(): SessionRecord | null {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredSession(parsed) ? { access: parsed.access, refresh: parsed.refresh, username: parsed.username } : null;
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
