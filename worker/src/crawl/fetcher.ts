import { Agent, request } from 'undici';
import { linkedUrl } from '@ideamine/shared/url';
import { assertHostAllowed, guardedLookup, type AllowList, type Resolver } from '@ideamine/server/net/address-policy';

// One HTTP GET done carefully: SSRF guard on every hop, at most 5 redirects, an overall time
// limit, a body size cap, content-type checks and conditional requests on recrawl.

export const ACCEPTED_TYPES = [
  'text/html',
  'application/xhtml+xml',
  'application/xml',
  'text/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/feed+json',
  'application/json',
  'text/plain',
];

export interface FetchOptions {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  etag?: string | null;
  lastModified?: string | null;
  /** Keep the first `maxBytes` of a longer body instead of skipping it (robots.txt: RFC 9309 2.5). */
  truncate?: boolean;
  /**
   * Asked before following each redirect; a reason stops the fetch there, reported as skipped
   * (robots.txt is checked for every hop, on whichever origin it leads to).
   */
  beforeRedirect?: (url: string) => Promise<string | null>;
}

export type FetchResult =
  | {
      kind: 'ok';
      finalUrl: string;
      status: number;
      contentType: string;
      body: string;
      bytes: number;
      etag: string | null;
      lastModified: string | null;
      /** Set when `truncate` cut the body at `maxBytes`. */
      truncated?: true;
    }
  | { kind: 'not_modified'; finalUrl: string; status: 304 }
  | { kind: 'http_error'; finalUrl: string; status: number; retryAfterSeconds: number | null }
  | { kind: 'skipped'; finalUrl: string; status: number | null; reason: string }
  /**
   * `refused`: the address policy would not connect (a private, loopback or reserved address);
   * `redirects`: the redirects went round in a loop or past the limit.
   */
  | { kind: 'failed'; reason: string; retryable: boolean; refused?: true; redirects?: true };

/** The crawler's connection pool; every connection resolves through the SSRF guard (`resolve`: tests' own DNS). */
export function createHttpAgent(allow: AllowList, connections = 64, resolve?: Resolver): Agent {
  return new Agent({
    connections,
    keepAliveTimeout: 10_000,
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
    connect: { lookup: guardedLookup(allow, resolve), timeout: 10_000 },
  });
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const v = headers[name];
  return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
}

export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function decode(bytes: Buffer, contentType: string): string {
  const charset = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

export async function fetchPage(url: string, agent: Agent, allow: AllowList, opts: FetchOptions): Promise<FetchResult> {
  // One deadline for the whole fetch (redirects and body included), cleared when we are done so
  // it never fires into a finished request.
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), opts.timeoutMs);
  const signal = controller.signal;
  const seen = new Set<string>();
  let current = url;
  try {
    for (let hop = 0; ; hop++) {
      seen.add(current);
      assertHostAllowed(new URL(current), allow);
      const headers: Record<string, string> = {
        'user-agent': opts.userAgent,
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,application/json;q=0.9,*/*;q=0.5',
        'accept-encoding': 'identity',
      };
      if (hop === 0 && opts.etag) headers['if-none-match'] = opts.etag;
      if (hop === 0 && opts.lastModified) headers['if-modified-since'] = opts.lastModified;
      const res = await request(current, { method: 'GET', headers, dispatcher: agent, signal });
      res.body.on('error', () => undefined); // errors surface through the reads below

      if (res.statusCode >= 300 && res.statusCode < 400 && res.statusCode !== 304) {
        await res.body.dump();
        const location = header(res.headers, 'location');
        const next = location ? linkedUrl(location, current) : null;
        if (!next)
          return { kind: 'failed', reason: `Redirect ${res.statusCode} without a usable Location`, retryable: false };
        if (seen.has(next))
          return { kind: 'failed', reason: `Redirect loop at ${next}`, retryable: false, redirects: true };
        if (hop + 1 > opts.maxRedirects) {
          return {
            kind: 'failed',
            reason: `More than ${opts.maxRedirects} redirects`,
            retryable: false,
            redirects: true,
          };
        }
        const refused = await opts.beforeRedirect?.(next);
        if (refused) return { kind: 'skipped', finalUrl: next, status: res.statusCode, reason: refused };
        current = next;
        continue;
      }
      if (res.statusCode === 304) {
        await res.body.dump();
        return { kind: 'not_modified', finalUrl: current, status: 304 };
      }
      if (res.statusCode >= 400) {
        await res.body.dump();
        return {
          kind: 'http_error',
          finalUrl: current,
          status: res.statusCode,
          retryAfterSeconds: parseRetryAfter(header(res.headers, 'retry-after')),
        };
      }

      const contentType = (header(res.headers, 'content-type') ?? '').toLowerCase();
      const mime = contentType.split(';')[0]!.trim();
      if (mime && !ACCEPTED_TYPES.includes(mime) && !mime.endsWith('+xml') && !mime.endsWith('+json')) {
        res.body.destroy();
        return {
          kind: 'skipped',
          finalUrl: current,
          status: res.statusCode,
          reason: `Unsupported content type ${mime}`,
        };
      }
      const declared = Number(header(res.headers, 'content-length') ?? NaN);
      if (declared > opts.maxBytes && !opts.truncate) {
        res.body.destroy();
        return {
          kind: 'skipped',
          finalUrl: current,
          status: res.statusCode,
          reason: `Body of ${declared} bytes exceeds the ${opts.maxBytes} byte cap`,
        };
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > opts.maxBytes && opts.truncate) {
          chunks.push((chunk as Buffer).subarray(0, (chunk as Buffer).length - (size - opts.maxBytes)));
          size = opts.maxBytes;
          truncated = true;
          res.body.destroy();
          break;
        }
        if (size > opts.maxBytes) {
          res.body.destroy();
          return {
            kind: 'skipped',
            finalUrl: current,
            status: res.statusCode,
            reason: `Body exceeds the ${opts.maxBytes} byte cap`,
          };
        }
        chunks.push(chunk as Buffer);
      }
      const bytes = Buffer.concat(chunks);
      if (!mime && bytes.subarray(0, 1024).includes(0)) {
        return { kind: 'skipped', finalUrl: current, status: res.statusCode, reason: 'Binary content' };
      }
      return {
        kind: 'ok',
        finalUrl: current,
        status: res.statusCode,
        contentType: mime || 'text/plain',
        body: decode(bytes, contentType),
        bytes: size,
        etag: header(res.headers, 'etag'),
        lastModified: header(res.headers, 'last-modified'),
        ...(truncated ? { truncated: true as const } : {}),
      };
    }
  } catch (err) {
    const e = err as Error & { code?: string };
    if (e.code === 'EBLOCKEDADDRESS') return { kind: 'failed', reason: e.message, retryable: false, refused: true };
    if (signal.aborted) return { kind: 'failed', reason: `Timed out after ${opts.timeoutMs} ms`, retryable: true };
    return { kind: 'failed', reason: `${e.code ?? e.name}: ${e.message}`, retryable: true };
  } finally {
    clearTimeout(deadline);
  }
}
