/** The test admin and secret of every test server; a file of its own so that jsdom tests can read them without loading the server. */
export const TEST_ADMIN = { username: 'admin', password: 'clave-de-pruebas' };
export const TEST_SECRET = 'secreto-de-pruebas-api';

/**
 * How long every test server keeps an idle connection. The tests' fetch (undici) keeps one about as
 * long as the server does (Node's 5 s), and on a busy machine it could send a request on one the
 * server had just closed: a reset that undici does not retry for a POST ("fetch failed … other side
 * closed" or ECONNRESET). Test servers keep them a minute, which a test's idle moments never reach;
 * closing still ends idle ones at once.
 */
export const TEST_KEEP_ALIVE_MS = 60_000;
