import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import JSDOMEnvironment from 'jest-environment-jsdom';

/**
 * jsdom, plus Node's own fetch. jsdom has no fetch, so RTK Query (and so every
 * component that loads data) could not talk to a real test server without it.
 * The fetch family travels together: undici's Request only accepts its own
 * AbortSignal, Headers and streams. FormData, Blob and File stay jsdom's, so
 * forms and file inputs behave as in a browser; a test that sends a multipart
 * body through fetch runs in the node environment instead.
 */
export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const nodeGlobals = {
      fetch,
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
    };
    Object.assign(this.global, nodeGlobals);
  }
}
