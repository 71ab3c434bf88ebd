import { baseApi } from '@/client/api/base-api';
import type { AppStore } from '@/client/app/store';
import { sessionChangedElsewhere } from './session-slice';
import { readStoredSession, SESSION_STORAGE_KEY } from './session-storage';

/**
 * Keeps this tab's session in step with the others' (one person, one session, docs/decisions/110):
 * every tab writes the one stored record (session-persistence.ts), and the
 * `storage` event tells the other tabs, which take the record as it is now.
 * A sign-out elsewhere signs this tab out too (the admin guard then shows the
 * sign-in screen); a sign-in elsewhere takes this tab's sign-in screen on.
 * Returns the function that stops following.
 */
export function followOtherTabs(store: AppStore): () => void {
  const onStorage = (event: StorageEvent) => {
    // `key` is null when another tab cleared the whole storage.
    if (event.storageArea !== localStorage || (event.key !== null && event.key !== SESSION_STORAGE_KEY)) return;
    const stored = readStoredSession();
    const current = store.getState().session.user;
    if (stored?.access === current?.access && stored?.refresh === current?.refresh) return;
    store.dispatch(sessionChangedElsewhere(stored));
    // Another person may sign in next: nothing fetched for this session stays.
    if (!stored) store.dispatch(baseApi.util.resetApiState());
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
