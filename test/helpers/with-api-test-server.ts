/**
 * The old name of with-fault-injecting-server.ts, kept only for the reorder
 * tests (biography-list-page.test.tsx and the reorder cases of the publication
 * and section lists) until they move onto the real server (real-api-server.ts).
 * Use neither in new tests.
 */
export { withFaultInjectingServer as withApiTestServer } from './with-fault-injecting-server';
