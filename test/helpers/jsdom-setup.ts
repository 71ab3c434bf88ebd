import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy and waitFor wait up to 10 s, not 1 s, and a test may take 30 s, not 5: answers come from
// the real server (real-api-server.ts), and on a shared two-core machine running the browser tests
// beside these, saving an image, hashing a password or loading a screen's code the first time has
// taken past 3 s and 15 s (CI, 25 November, load average 9 to 11). Guards, not measures: a passing
// wait returns as soon as it can, and only a failing one waits the whole time.
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(30_000);
