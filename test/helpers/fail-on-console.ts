// A test fails on any console.error or console.warn it did not expect: a
// warning from React or a library is a bug we want to see, not noise.
// A test that expects one spies on the console itself (jest.spyOn) first.
const original = { error: console.error, warn: console.warn };

beforeEach(() => {
  for (const level of ['error', 'warn'] as const) {
    console[level] = (...args: unknown[]) => {
      original[level](...args);
      throw new Error(`console.${level} called during a test: ${args.map(String).join(' ')}`);
    };
  }
});

afterEach(() => {
  console.error = original.error;
  console.warn = original.warn;
});
