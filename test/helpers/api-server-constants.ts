/** The test admin and secret of every test server; a file of its own so that jsdom tests can read them without loading the server. */
export const TEST_ADMIN = { username: 'admin', password: 'clave-de-pruebas' };
export const TEST_SECRET = 'secreto-de-pruebas-api';
