/**
 * The old name of fault-injecting-server.ts, kept only for the reorder tests
 * (src/client/api/reorder.test.ts) until they move onto the real server
 * (real-api-server.ts). Use neither in new tests.
 */
export {
  startFaultInjectingServer as startTestServer,
  type FaultInjectingServer as TestServer,
  type RecordedRequest,
  type TestHandler,
  type TestReply,
} from './fault-injecting-server';
