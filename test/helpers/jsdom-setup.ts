import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy and waitFor wait up to 3 s, not 1 s: answers come from the real server
// (real-api-server.ts), which on a busy two-core machine can take longer than a
// second to save an image or a publication. A passing wait returns as soon as it can.
configure({ asyncUtilTimeout: 3000 });
// For the same reason a test that types a whole form and saves it twice gets 15 s, not 5.
jest.setTimeout(15_000);
