// A test fails on any console.error or console.warn it did not expect: a
// warning from React or a library is a bug we want to see, not noise.
// A test that expects one spies on the console itself (jest.spyOn) first.
const original = { error: console.error, warn: console.warn };

/**
 * Redux Toolkit's development checks say when one of their walks of the state took longer than
 * `warnAfter` (app/store.ts): a measure of how busy the machine was, not of what the app does, and
 * tests never race the clock. Shown, but not a failure.
 */
const isTimingNotice = (args: unknown[]) =>
  typeof args[0] === 'string' &&
  /^(Serializable|Immutable)StateInvariantMiddleware took \d+ms, which is more than the warning threshold/.test(args[0]);

beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      original[level](...args);
      if (level === 'warn' && isTimingNotice(args)) return;
      throw new Error(`console.${level} called during a test: ${args.map(String).join(' ')}`);
    };
  }
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
});
