import { createServer, type RequestListener, type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError } from '../../shared/domain/domain-error';
import { randomBase62 } from '../../shared/domain/ids';
import { errorBody } from './error-mapper';

/**
 * The HTTP server every role listens with. A client must send a whole request, headers and body, within
 * `requestTimeoutMs` (a slow or stalled client cannot hold a connection open), and idle kept-alive
 * connections outlive clients' and load balancers' own idle timeouts (60 s is common), so the server
 * never closes a connection a client is just reusing.
 */
export function createHttpServer(app: RequestListener, { requestTimeoutMs }: { requestTimeoutMs: number }): Server {
  const server = createServer(
    {
      requestTimeout: requestTimeoutMs,
      headersTimeout: requestTimeoutMs,
      // How often connections are checked against those limits (Node's default is 30 s).
      connectionsCheckingInterval: Math.min(1_000, requestTimeoutMs),
    },
    app,
  );
  server.keepAliveTimeout = 65_000;
  return answerClientErrors(server);
}

/** What the server answers itself, by the parser's or the server's error code. */
const REFUSALS: Record<string, () => DomainError> = {
  HPE_HEADER_OVERFLOW: () => new DomainError('request_headers_too_large', 'The request headers are too large'),
  ERR_HTTP_REQUEST_TIMEOUT: () => new DomainError('request_timeout', 'The request was not sent in time; send it whole and at once'),
};

/**
 * Requests the HTTP server refuses before Express sees them (a malformed request line, headers over
 * the size limit, a request not sent in time) are answered in the error envelope too, instead of Node's
 * bare status line, with a `Request-Id` like every other answer, and the connection is closed.
 */
function answerClientErrors(server: Server): Server {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex & { _httpMessage?: { headersSent: boolean } }) => {
    // An answer already begun (a handler's) cannot be followed by another.
    if (!socket.writable || error.code === 'ECONNRESET' || socket._httpMessage?.headersSent) {
      socket.destroy();
      return;
    }
    const refusal = REFUSALS[error.code ?? '']?.() ?? new DomainError('invalid_request', 'The request could not be read as HTTP');
    const { status, envelope } = errorBody(refusal);
    const body = JSON.stringify(envelope);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nRequest-Id: req_${randomBase62(20)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
