import { PublicCache } from './public-cache';

describe('PublicCache', () => {
  let version = 1;
  let day = '2026-01-01';
  let now = 0;
  let reads = 0;
  const make = () =>
    new PublicCache({
      readVersion: async () => {
        reads += 1;
        return version;
      },
      today: () => day,
      checkIntervalMs: 1000,
      now: () => now,
    });
  const body = (text: string) => Buffer.from(text);

  beforeEach(() => {
    version = 1;
    day = '2026-01-01';
    now = 0;
    reads = 0;
  });

  it('answers what was stored and asks the database at most once per interval', async () => {
    const cache = make();
    expect(await cache.get('a')).toBeUndefined();
    cache.set('a', body('uno'), cache.begin());
    now = 500;
    expect((await cache.get('a'))?.toString()).toBe('uno');
    expect(reads).toBe(1);
    now = 1000;
    await cache.get('a');
    expect(reads).toBe(2);
  });

  it('forgets everything when another instance bumped the version, once the interval has passed', async () => {
    const cache = make();
    await cache.get('a');
    cache.set('a', body('uno'), cache.begin());
    version = 2;
    now = 999;
    expect(await cache.get('a')).toBeDefined();
    now = 1000;
    expect(await cache.get('a')).toBeUndefined();
  });

  it('forgets everything when the day changes (scheduled publications appear)', async () => {
    const cache = make();
    await cache.get('a');
    cache.set('a', body('uno'), cache.begin());
    day = '2026-01-02';
    now = 1000;
    expect(await cache.get('a')).toBeUndefined();
  });

  it('forgets at once after a local write, and refuses answers computed before it', async () => {
    const cache = make();
    await cache.get('a');
    cache.set('a', body('uno'), cache.begin());
    const started = cache.begin();
    cache.invalidate();
    expect(await cache.get('a')).toBeUndefined();
    cache.set('a', body('viejo'), started);
    expect(await cache.get('a')).toBeUndefined();
  });

  it('shares one version check between concurrent requests', async () => {
    const cache = make();
    await Promise.all([cache.get('a'), cache.get('b'), cache.get('c')]);
    expect(reads).toBe(1);
  });

  it('peek answers synchronously only while no version check is due', async () => {
    const cache = make();
    expect(cache.peek('a')).toBeUndefined();
    await cache.get('a');
    cache.set('a', body('uno'), cache.begin());
    now = 999;
    expect(cache.peek('a')?.toString()).toBe('uno');
    now = 1000;
    expect(cache.peek('a')).toBeUndefined();
    expect(reads).toBe(1);
  });
});
