import { setupStore } from '@/client/app/store';
import { signedOut } from '@/client/session/session-slice';
import { baseApi } from './base-api';
import { reordersSettled, selectReordersWaiting, sendInQueue } from './reorder-queue';

/** A request the test answers when it chooses, and a record of when it was sent. */
function request(name: string, log: string[]) {
  let answer!: () => void;
  const answered = new Promise<string>((resolve) => {
    answer = () => resolve(name);
  });
  return {
    send: () => {
      log.push(`sent ${name}`);
      return answered;
    },
    answer,
  };
}

/** Lets every promise callback that is already due run (a macrotask runs after all of them). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('reorders of one list go out one at a time, in order, and the store counts those waiting', async () => {
  const store = setupStore();
  const log: string[] = [];
  const first = request('first', log);
  const second = request('second', log);

  const firstDone = sendInQueue(store.dispatch, 'Section', first.send);
  const secondDone = sendInQueue(store.dispatch, 'Section', second.send);
  await settle();
  expect(log).toEqual(['sent first']);
  expect(selectReordersWaiting(store.getState(), 'Section')).toBe(2);

  first.answer();
  expect(await firstDone).toBe('first');
  await settle();
  expect(log).toEqual(['sent first', 'sent second']);
  expect(selectReordersWaiting(store.getState(), 'Section')).toBe(1);

  let settled = false;
  const allAnswered = reordersSettled(store.dispatch, 'Section').then(() => (settled = true));
  await settle();
  expect(settled).toBe(false);
  second.answer();
  expect(await secondDone).toBe('second');
  await allAnswered;
  expect(selectReordersWaiting(store.getState(), 'Section')).toBe(0);
});

test('a refused reorder does not hold up the next one', async () => {
  const store = setupStore();
  const refused = sendInQueue(store.dispatch, 'Biography', () => Promise.reject(new Error('refused')));
  const next = sendInQueue(store.dispatch, 'Biography', () => 'sent');
  await expect(refused).rejects.toThrow('refused');
  expect(await next).toBe('sent');
  expect(selectReordersWaiting(store.getState(), 'Biography')).toBe(0);
});

test('each list, and each store, has a queue of its own', async () => {
  const store = setupStore();
  const other = setupStore();
  const log: string[] = [];
  const sections = request('sections', log);

  void sendInQueue(store.dispatch, 'Section', sections.send);
  const publications = sendInQueue(store.dispatch, 'Publication', () => 'publications');
  const otherStore = sendInQueue(other.dispatch, 'Section', () => 'other store');

  expect(await publications).toBe('publications');
  expect(await otherStore).toBe('other store');
  expect(selectReordersWaiting(store.getState(), 'Section')).toBe(1);
  expect(selectReordersWaiting(other.getState(), 'Section')).toBe(0);
  sections.answer();
});

describe.each([
  ['signing out', () => signedOut()],
  ["resetting the API's state", () => baseApi.util.resetApiState()],
])('%s', (_name, reset) => {
  test('empties the queues: the next reorder goes out at once, and a late answer of the last one is not counted against it', async () => {
    const store = setupStore();
    const log: string[] = [];
    const before = request('before', log);
    const after = request('after', log);

    const beforeDone = sendInQueue(store.dispatch, 'Section', before.send);
    await settle();
    store.dispatch(reset());
    expect(selectReordersWaiting(store.getState(), 'Section')).toBe(0);

    const afterDone = sendInQueue(store.dispatch, 'Section', after.send);
    await settle();
    expect(log).toEqual(['sent before', 'sent after']);
    expect(selectReordersWaiting(store.getState(), 'Section')).toBe(1);

    before.answer();
    await beforeDone;
    expect(selectReordersWaiting(store.getState(), 'Section')).toBe(1);
    after.answer();
    await afterDone;
    expect(selectReordersWaiting(store.getState(), 'Section')).toBe(0);
  });
});
