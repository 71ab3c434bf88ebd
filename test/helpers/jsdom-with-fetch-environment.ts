import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import JSDOMEnvironment from 'jest-environment-jsdom';
import { useShortKeepAlive } from './short-keep-alive';
// jsdom keeps a Blob's bytes on its implementation object; this is how to reach it synchronously.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { implForWrapper } = require('jsdom/lib/jsdom/living/generated/utils.js') as {
  implForWrapper: (wrapper: unknown) => { _buffer: Buffer };
};

/**
 * jsdom, plus Node's own fetch. jsdom has no fetch, so RTK Query (and so every
 * component that loads data) could not talk to a real test server without it.
 * The fetch family travels together: undici's Request only accepts its own
 * AbortSignal, Headers and streams. FormData, Blob and File stay jsdom's, so
 * forms and file inputs behave as in a browser; a jsdom FormData handed to
 * Request or fetch is copied into Node's own, so multipart bodies reach the test
 * server as a browser would send them (Node's fetch does not know jsdom's
 * FormData: Node 24 sent "[object FormData]", Node 22 never finished the body).
 * That fetch keeps idle connections briefly (short-keep-alive.ts).
 */
export default class JsdomWithFetchEnvironment extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    useShortKeepAlive();
    const page = this.global as unknown as { FormData: typeof FormData; File: typeof File };
    const toNodeBody = (body: unknown) => {
      if (!(body instanceof page.FormData)) return body as BodyInit | null | undefined;
      const form = new FormData();
      for (const [name, value] of body.entries()) {
        if (typeof value === 'string') form.append(name, value);
        else form.append(name, new File([new Uint8Array(implForWrapper(value)._buffer)], value.name, { type: value.type }));
      }
      return form;
    };
    const withNodeBody = (init?: RequestInit) => (init && 'body' in init ? { ...init, body: toNodeBody(init.body) } : init);
    class PageRequest extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(input, withNodeBody(init));
      }
    }
    const nodeGlobals = {
      fetch: (input: RequestInfo | URL, init?: RequestInit) => fetch(input, withNodeBody(init)),
      Request: PageRequest,
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
