import { setupStore } from '@/client/app/store';
import { SESSION_STORAGE_KEY } from './session-storage';
import { restoreSession } from './session-persistence';
import { selectSessionRestored, selectUser, signedIn, signedOut, tokensRefreshed } from './session-slice';

const record = { access: 'a1', refresh: 'r1', username: 'ana' };

beforeEach(() => localStorage.clear());

test('the stored record is read once at start-up', () => {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
  const store = setupStore();
  expect(selectSessionRestored(store.getState())).toBe(false);
  store.dispatch(restoreSession());
  expect(selectSessionRestored(store.getState())).toBe(true);
  expect(selectUser(store.getState())).toEqual(record);
});

test('an unreadable or incomplete record counts as no session', () => {
  localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
  const broken = setupStore();
  broken.dispatch(restoreSession());
  expect(selectUser(broken.getState())).toBeNull();

  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ username: 'ana' }));
  const incomplete = setupStore();
  incomplete.dispatch(restoreSession());
  expect(selectUser(incomplete.getState())).toBeNull();
});

test('sign-in writes the record, a refresh updates it and sign-out removes it', () => {
  const store = setupStore();
  store.dispatch(signedIn(record));
  expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual(record);

  store.dispatch(tokensRefreshed({ access: 'a2' }));
  expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ ...record, access: 'a2' });

  store.dispatch(tokensRefreshed({ access: 'a3', refresh: 'r3' }));
  expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ access: 'a3', refresh: 'r3', username: 'ana' });

  store.dispatch(signedOut());
  expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  expect(selectUser(store.getState())).toBeNull();
});
