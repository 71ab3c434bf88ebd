import http from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@/domain/messages';

/**
 * Answers for what the HTTP layer refuses before any route (or Fastify's error
 * handler) sees it: a request line or headers Node cannot parse, headers too
 * large (431), a request too slow to arrive (408), an Expect header (417), an
 * undecodable address. They leave like every other error of the API: the
 * Spanish `{"detail"}` shape, never echoing the request, with the site's
 * security headers.
 */

const DETAIL_BY_CODE: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, messages.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, messages.requestTimeout],
};

/** The bytes of a whole JSON error answer, for a socket no response object owns. */
function rawErrorResponse(status: number, detail: string, headers: Record<string, string>): string {
  const body = JSON.stringify({ detail });
  const lines = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(body)}`,
    'connection: close',
  ];
  return `${lines.join('\r\n')}\r\n\r\n${body}`;
}

/** Fastify's `clientErrorHandler`: Node could not read the request. */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket): void => {
    // A connection the client already dropped has nobody to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, detail] = DETAIL_BY_CODE[error.code ?? ''] ?? [400, messages.malformedRequest];
    socket.end(rawErrorResponse(status, detail, headers));
  };
}

/** The server's 'checkExpectation' listener: no Expect value is supported (Node would answer 417 with no body). */
export function refuseExpectation(headers: Record<string, string>) {
  return (_request: http.IncomingMessage, response: http.ServerResponse): void => {
    const body = JSON.stringify({ detail: messages.expectationFailed });
    response.writeHead(417, {
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    response.end(body);
  };
}

/**
 * Whether a Host header names a host at all: a DNS name or IPv4 address, or
 * an IPv6 address in brackets, with an optional port. Empty, spaced or
 * bracket-broken values are refused with 400.
 */
export const isValidHost = (host: string | undefined): boolean =>
  host !== undefined &&
  /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(
    host,
  );
