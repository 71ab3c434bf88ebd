import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  let now = 0;
  const throttle = () => new LoginThrottle(3, 60_000, () => now);
  beforeEach(() => {
    now = 1_000_000;
  });

  it('lets attempts through until a username reaches the maximum of failures, then says how long to wait', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) {
      expect(t.retryAfter(`10.0.0.${i}`, 'ana')).toBe(0);
      t.recordFailure(`10.0.0.${i}`, 'ana');
    }
    expect(t.retryAfter('10.0.0.99', 'ana')).toBe(60);
    expect(t.retryAfter('10.0.0.99', 'ANA')).toBe(60);
    expect(t.retryAfter('10.0.0.99', 'beatriz')).toBe(0);
  });

  it('blocks an address that fails with many usernames', () => {
    const t = throttle();
    for (const user of ['a', 'b', 'c']) t.recordFailure('10.0.0.1', user);
    expect(t.retryAfter('10.0.0.1', 'd')).toBe(60);
    expect(t.retryAfter('10.0.0.2', 'd')).toBe(0);
  });

  it('forgets failures older than the window', () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.recordFailure('10.0.0.1', 'ana');
    now += 30_000;
    expect(t.retryAfter('10.0.0.1', 'ana')).toBe(30);
    now += 30_001;
    expect(t.retryAfter('10.0.0.1', 'ana')).toBe(0);
  });

  it("clears a username's failures on success, but not its address's", () => {
    const t = throttle();
    for (let i = 0; i < 3; i++) t.recordFailure('10.0.0.1', 'ana');
    t.recordSuccess('ana');
    expect(t.retryAfter('10.0.0.2', 'ana')).toBe(0);
    expect(t.retryAfter('10.0.0.1', 'ana')).toBe(60);
  });
});
