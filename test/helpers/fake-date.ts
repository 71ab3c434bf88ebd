/**
 * Fakes only the date (`Date.now()`, `new Date()`), at `now`: a real server's timers and
 * sockets, and the requests a test makes to it, keep running on real time.
 */
export const fakeDateOnly = (now: number) =>
  jest.useFakeTimers({
    now,
    doNotFake: [
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
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
