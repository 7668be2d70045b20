import type { Socket } from 'node:net';
import { SECURITY_HEADERS } from './security-headers';

// Requests Node's HTTP parser refuses before Koa sees them (a URL or headers past 16 KB, a
// malformed request line) still get the API's error envelope, not a bare status line.

const REASONS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'REQUEST_TOO_LARGE', 'The request line or headers are too large (at most 16 KB)'],
  HPE_URI_OVERFLOW: [414, 'URI_TOO_LONG', 'The address is too long'],
};

export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] = REASONS[error.code ?? ''] ?? [400, 'BAD_REQUEST', 'The request could not be read'];
  const body = JSON.stringify({ status: 'error', data: null, error: { code, message } });
  const headers = Object.entries(SECURITY_HEADERS)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  socket.end(
    `HTTP/1.1 ${status} ${code.replace(/_/g, ' ')}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `${headers}Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
