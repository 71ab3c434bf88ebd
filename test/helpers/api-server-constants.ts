/** The test admin and secret of every test server; a file of its own so that jsdom tests can read them without loading the server. */
export const TEST_ADMIN = { username: 'admin', password: 'clave-de-pruebas' };
export const TEST_SECRET = 'secreto-de-pruebas-api';

/**
 * How long the test servers the tests build keep an idle connection. The tests' fetch lets one go
 * after a second (short-keep-alive.ts), which is what keeps a request from leaving on a connection
 * the server is closing, here and on servers with Node's 5 s (a process of its own); this minute
 * only widens the margin for a client stalled on a busy machine. Closing a server still ends idle
 * connections at once.
 */
export const TEST_KEEP_ALIVE_MS = 60_000;

/** scrypt's N for the passwords the API tests hash and check (test/helpers/api-setup.ts): the site's is 2^15. */
export const TEST_PASSWORD_COST = 2 ** 10;
