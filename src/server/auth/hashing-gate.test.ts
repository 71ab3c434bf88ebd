import { loadConfig } from '../config';
import { HashingBusyError, HashingGate } from './hashing-gate';

/** A piece of work that finishes when the test says so. */
function deferred(): { promise: Promise<string>; finish: (value: string) => void } {
  let finish!: (value: string) => void;
  const promise = new Promise<string>((resolve) => {
    finish = resolve;
  });
  return { promise, finish };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('HashingGate', () => {
  it('runs at most `concurrency` at once, lets `queue` wait, and refuses the rest at once', async () => {
    const gate = new HashingGate(2, 1);
    const works = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = works.map((work, i) =>
      gate.run(() => {
        started.push(i);
        return work.promise;
      }),
    );
    await flush();
    expect(started).toEqual([0, 1]);
    expect(gate.load).toEqual({ running: 2, waiting: 1 });
    expect(gate.full).toBe(true);
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(HashingBusyError);

    works[1].finish('b');
    expect(await runs[1]).toBe('b');
    await flush();
    // The waiting one took the freed place, first come first served.
    expect(started).toEqual([0, 1, 2]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    expect(gate.full).toBe(false);
    works[0].finish('a');
    works[2].finish('c');
    expect(await Promise.all(runs)).toEqual(['a', 'b', 'c']);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the place of a check that throws', async () => {
    const gate = new HashingGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gate.run(async () => 'ok')).toBe('ok');
  });

  it('with an unbounded concurrency (the behaviour before the gate) never makes anyone wait', async () => {
    const gate = new HashingGate(Infinity, 0);
    const works = Array.from({ length: 300 }, () => deferred());
    const runs = works.map((work) => gate.run(() => work.promise));
    await flush();
    expect(gate.load).toEqual({ running: 300, waiting: 0 });
    expect(gate.full).toBe(false);
    works.forEach((work) => work.finish('x'));
    await Promise.all(runs);
  });

  it('is configured by LOGIN_HASH_CONCURRENCY (2 by default, "unbounded" for no bound) and LOGIN_HASH_QUEUE (8)', () => {
    const env = { DATA_DIR: '/nonexistent', SECRET_KEY: 'x' };
    expect(loadConfig(env)).toMatchObject({ loginHashConcurrency: 2, loginHashQueue: 8 });
    expect(loadConfig({ ...env, LOGIN_HASH_CONCURRENCY: 'unbounded', LOGIN_HASH_QUEUE: '3' })).toMatchObject({
      loginHashConcurrency: Infinity,
      loginHashQueue: 3,
    });
    expect(() => loadConfig({ ...env, LOGIN_HASH_CONCURRENCY: '0' })).toThrow('LOGIN_HASH_CONCURRENCY');
  });
});
