// Errors that mean "the database cannot be reached right now" rather than "this request is
// wrong": the server is down, restarting, refusing connections or dropped ours. Requests that
// meet one are answered 503 with Retry-After (middlewares/envelope.ts), never a bare 500.

/** Socket errors reaching the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: 57P01 admin shutdown, 57P02 crash shutdown, 57P03 cannot connect now (starting up
 * or shutting down), 53300 too many connections; class 08 is every connection exception.
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres reports a lost connection, or a pool that could not connect in time, by message alone. */
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string') {
    if (NETWORK_CODES.has(e.code) || SERVER_STATES.has(e.code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => (e.message as string).startsWith(m));
}
