// Each API test file starts a real server on a fresh, migrated database (on PostgreSQL, a database
// of its own); on a busy two-core machine that alone can take longer than Jest's default 5 s for a
// hook. A guard against hangs, not a measure: a file that needs longer sets its own.
jest.setTimeout(60_000);
