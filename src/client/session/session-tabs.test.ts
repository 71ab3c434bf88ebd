import { setupStore } from '@/client/app/store';
import { selectUser } from './session-slice';
import { SESSION_STORAGE_KEY } from './session-storage';
import { followOtherTabs } from './session-tabs';

const ana = { access: 'a1', refresh: 'r1', username: 'ana' };

/** What another tab does: it writes the record, and this tab hears of it through the storage event. */
function otherTabWrites(record: object | null) {
  if (record) localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
  else localStorage.removeItem(SESSION_STORAGE_KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, storageArea: localStorage }));
}

beforeEach(() => localStorage.clear());

test('a sign-in, a refresh and a sign-out in another tab are followed here, and never written back', () => {
  const store = setupStore({ session: { restored: true, user: null } });
  const stop = followOtherTabs(store);
  const setItem = jest.spyOn(Storage.prototype, 'setItem');

  otherTabWrites(ana);
  expect(selectUser(store.getState())).toEqual(ana);
  otherTabWrites({ ...ana, access: 'a2', refresh: 'r2' });
  expect(selectUser(store.getState())).toEqual({ ...ana, access: 'a2', refresh: 'r2' });
  // Only the "other tab" above wrote: this tab echoed nothing.
  expect(setItem).toHaveBeenCalledTimes(2);
  setItem.mockRestore();

  otherTabWrites(null);
  expect(selectUser(store.getState())).toBeNull();
  stop();
});

test('a sign-out elsewhere drops what this tab fetched for the session', () => {
  const store = setupStore({ session: { restored: true, user: ana }, api: { queries: { x: {} } } as never });
  const stop = followOtherTabs(store);
  otherTabWrites(null);
  expect(store.getState().api.queries).toEqual({});
  stop();
});

test('other keys, and a stopped follower, change nothing', () => {
  const store = setupStore({ session: { restored: true, user: ana } });
  const stop = followOtherTabs(store);
  localStorage.removeItem(SESSION_STORAGE_KEY);
  window.dispatchEvent(new StorageEvent('storage', { key: 'draft:v1:ana:section:new', storageArea: localStorage }));
  expect(selectUser(store.getState())).toEqual(ana);
  stop();
  otherTabWrites(null);
  expect(selectUser(store.getState())).toEqual(ana);
});
