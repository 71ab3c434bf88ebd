type FakeTimersOptions = Extract<NonNullable<Parameters<typeof jest.useFakeTimers>[0]>, { doNotFake?: unknown }>;
type FakeableApi = NonNullable<FakeTimersOptions['doNotFake']>[number];

/**
 * The clocks a real server's timers and sockets, and the requests a test makes to it,
 * need on real time: a test that fakes time with a real server behind it leaves these alone.
 */
export const SERVER_CLOCKS: readonly FakeableApi[] = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'setImmediate',
  'clearImmediate',
  'setTimeout',
  'clearTimeout',
];

/** Fakes only the date (`Date.now()`, `new Date()`), at `now`: intervals run on real time too. */
export const fakeDateOnly = (now: number) => jest.useFakeTimers({ now, doNotFake: [...SERVER_CLOCKS, 'setInterval', 'clearInterval'] });

/**
 * Fakes only setTimeout and clearTimeout: a page's "a moment later" (a debounce) runs when the
 * test advances the clock, while the date, intervals and everything the requests need run on
 * real time.
 */
export const fakeTimeoutsOnly = () =>
  jest.useFakeTimers({
    doNotFake: [...SERVER_CLOCKS.filter((api) => api !== 'setTimeout' && api !== 'clearTimeout'), 'Date', 'setInterval', 'clearInterval'],
  });
