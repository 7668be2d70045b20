/** A small fetch wrapper for tests: JSON in, status + parsed body + headers out. */
export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  raw?: string;
  headers?: Record<string, string>;
}

export function client(baseUrl: string) {
  const send = async (method: string, path: string, opts: RequestOptions = {}): Promise<HttpResult> => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (opts.body !== undefined) payload = JSON.stringify(opts.body);
    if (payload !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(baseUrl + path, { method, headers, body: payload });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body, headers: res.headers };
  };
  return {
    send,
    get: (path: string, opts?: RequestOptions) => send('GET', path, opts),
    post: (path: string, body?: unknown, opts?: RequestOptions) => send('POST', path, { ...opts, body }),
    put: (path: string, body?: unknown, opts?: RequestOptions) => send('PUT', path, { ...opts, body }),
    del: (path: string, opts?: RequestOptions) => send('DELETE', path, opts),
  };
}
