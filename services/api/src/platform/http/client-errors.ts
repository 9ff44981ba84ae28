import type { Server } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { DomainError } from '../../shared/domain/domain-error';
import { randomBase62 } from '../../shared/domain/ids';
import { errorBody } from './error-mapper';

/**
 * Requests the HTTP server refuses before Express sees them (a malformed request line, headers over
 * the size limit) are answered in the error envelope too, instead of Node's bare status line, with a
 * `Request-Id` like every other answer.
 */
export function answerClientErrors(server: Server): Server {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const refusal =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? new DomainError('request_headers_too_large', 'The request headers are too large')
        : new DomainError('invalid_request', 'The request could not be read as HTTP');
    const { status, envelope } = errorBody(refusal);
    const body = JSON.stringify(envelope);
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nRequest-Id: req_${randomBase62(20)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
