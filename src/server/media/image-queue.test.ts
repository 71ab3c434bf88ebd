import { ImageQueue } from './image-queue';

describe('ImageQueue', () => {
  /** A task that runs until the test lets it finish, recording how many run at once. */
  function probe() {
    const state = { inside: 0, peak: 0, started: [] as number[] };
    const releases: (() => void)[] = [];
    const task = (n: number) => async () => {
      state.inside += 1;
      state.peak = Math.max(state.peak, state.inside);
      state.started.push(n);
      await new Promise<void>((resolve) => releases.push(resolve));
      state.inside -= 1;
      return n;
    };
    const settle = async () => {
      for (let i = 0; i < 5; i++) await Promise.resolve();
    };
    /** Lets the earliest running task finish, then lets the queue hand its place over. */
    const finishOne = async () => {
      releases.shift()?.();
      await settle();
    };
    return { state, task, settle, finishOne };
  }

  it('runs at most `concurrency` tasks at once, the others in the order they came', async () => {
    const queue = new ImageQueue(2);
    const { state, task, settle, finishOne } = probe();
    const results = Promise.all([1, 2, 3, 4, 5, 6].map((n) => queue.run(task(n))));
    await settle();
    expect(state.started).toEqual([1, 2]);
    expect({ active: queue.active, waiting: queue.waiting }).toEqual({ active: 2, waiting: 4 });
    for (let i = 0; i < 6; i++) await finishOne();
    expect(await results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(state.started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(state.peak).toBe(2);
    expect({ active: queue.active, waiting: queue.waiting }).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the place of a task that fails', async () => {
    const queue = new ImageQueue(1);
    await expect(queue.run(async () => Promise.reject(new Error('imagen rota')))).rejects.toThrow('imagen rota');
    expect(await queue.run(async () => 'siguiente')).toBe('siguiente');
    expect(queue.active).toBe(0);
  });
});
