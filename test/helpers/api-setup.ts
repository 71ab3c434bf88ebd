import { setPasswordCost } from '@/server/auth/passwords';
import { TEST_PASSWORD_COST } from './api-server-constants';

// Each API test file starts a real server on a fresh, migrated database (on PostgreSQL, a database
// of its own); on a busy two-core machine that alone can take longer than Jest's default 5 s for a
// hook. A guard against hangs, not a measure: a file that needs longer sets its own.
jest.setTimeout(60_000);

// Passwords hashed and checked at scrypt's N = 2^10 (a few milliseconds) instead of 2^15 (about a
// tenth of a second, 32 MiB): every server start hashes the test admin's password and signs in,
// and the throttle tests check dozens, which made the hashes a sixth of the whole API run. What
// the tests check of a sign-in does not depend on the cost; the one test that needs checks as slow
// as the site's sets PASSWORD_COST itself (login-security.test.ts), and the unit tests keep it.
setPasswordCost(TEST_PASSWORD_COST);
