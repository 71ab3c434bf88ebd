import { getConfig } from '@testing-library/react';

/**
 * Retries `assertion` every 50 ms of real time until it passes (10 s at most). For tests with
 * a faked setInterval: Testing Library's waitFor polls with setInterval, so there it would check
 * again only when the page changes, and a heartbeat that changes nothing on the page was missed.
 */
export const eventually = (assertion: () => unknown, timeout = 10_000) =>
  getConfig().asyncWrapper(async () => {
    const deadline = performance.now() + timeout;
    for (;;) {
      try {
        return await assertion();
      } catch (error) {
        if (performance.now() > deadline) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
