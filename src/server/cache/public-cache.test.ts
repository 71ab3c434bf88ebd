import { ENTRY_OVERHEAD_BYTES, PublicCache } from './public-cache';

describe('PublicCache', () => {
  let version = 1;
  let day = '2026-01-01';
  let now = 0;
  let reads = 0;
  const make = (maxBytes = 1 << 20) =>
    new PublicCache<Buffer>({
      readVersion: async () => {
        reads += 1;
        return version;
      },
      today: () => day,
      checkIntervalMs: 1000,
      maxBytes,
      sizeOf: (value) => value.length,
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

  describe('bounded in bytes', () => {
    // Entries of a known cost: 1000 bytes of body plus the key ('k0'..'k9': 2) and the overhead.
    const entry = 1000 + 2 + ENTRY_OVERHEAD_BYTES;
    const fill = (cache: PublicCache<Buffer>, keys: string[]) => keys.forEach((key) => cache.set(key, Buffer.alloc(1000), cache.begin()));

    it('counts what it holds and lets the least recently used entries go past its ceiling', async () => {
      const keys = ['k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7'];
      const cache = make(entry * 8);
      await cache.get('warm-up');
      fill(cache, keys);
      expect(cache.bytes).toBe(entry * 8);
      expect(cache.peek('k0')).toBeDefined(); // k0 is now the most recently used, k1 the least
      fill(cache, ['k8']);
      expect(cache.size).toBe(8);
      expect(cache.bytes).toBe(entry * 8);
      expect(cache.peek('k1')).toBeUndefined();
      expect([...keys.filter((key) => key !== 'k1'), 'k8'].every((key) => cache.peek(key))).toBe(true);
    });

    it('never goes over its ceiling, whatever is stored', async () => {
      const cache = make(50_000);
      await cache.get('warm-up');
      for (let i = 0; i < 2000; i++) {
        cache.set(`/api/public/publications/?section_slug=${'x'.repeat(i % 300)}${i}`, Buffer.alloc((i * 37) % 6000), cache.begin());
        expect(cache.bytes).toBeLessThanOrEqual(50_000);
      }
      expect(cache.size).toBeGreaterThan(5);
    });

    it('does not keep an answer larger than an eighth of the ceiling, and forgets the key it replaced', async () => {
      const cache = make(entry * 8);
      await cache.get('warm-up');
      fill(cache, ['k1']);
      cache.set('k1', Buffer.alloc(1001), cache.begin());
      expect(cache.peek('k1')).toBeUndefined();
      expect(cache.bytes).toBe(0);
    });

    it('replaces an entry stored again under its key without counting it twice', async () => {
      const cache = make();
      await cache.get('warm-up');
      fill(cache, ['k1', 'k1']);
      expect(cache.size).toBe(1);
      expect(cache.bytes).toBe(entry);
    });

    it('counts nothing once it has forgotten everything', async () => {
      const cache = make();
      await cache.get('warm-up');
      fill(cache, ['k1', 'k2']);
      cache.invalidate();
      expect(cache.bytes).toBe(0);
      version = 2;
      await cache.get('k1');
      fill(cache, ['k3']);
      now = 1000;
      version = 3;
      await cache.get('k3');
      expect(cache.bytes).toBe(0);
    });
  });
});
