/**
 * Retries `assertion` every 50 ms of real time until it passes (10 s at most), and answers what it
 * returned. For a state that comes on its own time: a server noticing something, a heartbeat.
 *
 * Under jsdom it runs inside Testing Library's asyncWrapper, as findBy and waitFor do, so that
 * what the page does meanwhile is no "update not wrapped in act(...)". It is not waitFor because
 * waitFor polls with setInterval: in a test with a faked setInterval it would check again only
 * when the page changes, and a heartbeat that changes nothing on the page was missed. In Node's
 * environment (the API tests) it is the plain loop.
 */
export async function eventually<T>(assertion: () => T | Promise<T>, timeout = 10_000): Promise<T> {
  const retry = async () => {
    const deadline = performance.now() + timeout;
    for (;;) {
      try {
        return await assertion();
      } catch (error) {
        if (performance.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  if (typeof document === 'undefined') return retry();
  const { getConfig } = await import('@testing-library/react');
  let result!: T;
  await getConfig().asyncWrapper(async () => {
    result = await retry();
  });
  return result;
}
