import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy and waitFor wait up to 10 s, not 1 s, and a test may take 60 s, not 5: answers come from
// the real server (real-api-server.ts), and on a shared two-core machine running the browser tests
// beside these, saving an image, hashing a password or loading a screen's code the first time has
// taken past 3 s and 15 s (CI, 25 November, load average 9 to 11), and the lists' reorder tests,
// 4.5 s each on a quiet machine, past 30 s (CI, 6 December: every step there ran 3 to 7 times
// slower than alone). Guards, not measures: a passing test or wait returns as soon as it can, and
// only a failing one waits the whole time. The API tests allow 60 s too (api-setup.ts).
configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
