import { retryDelay } from './outbox';

test('a message not sent waits the base delay, then twice as long each time, never more than an hour', () => {
  expect([1, 2, 3, 4].map((attempts) => retryDelay(attempts, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelay(30, 30_000)).toBe(60 * 60 * 1000);
});
