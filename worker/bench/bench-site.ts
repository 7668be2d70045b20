import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeMarkup } from '@ideamine/shared/escape';
import { demoPosts } from '@ideamine/server/demo/real-posts';

// A large loopback site for benchmarks: page N links to pages 10N+1 .. 10N+10, so a crawl from
// page 0 reaches every page breadth-first. Pages are pre-rendered so the server costs little.
// Their text is the demo's real posts (shared/server/src/demo), in turn; each page numbers its
// post, so no two pages are the same content.

export async function startBenchSite(
  pages: number,
): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  const rendered: Buffer[] = [];
  for (let n = 0; n < pages; n++) {
    const post = demoPosts()[n % demoPosts().length]!;
    const idea = { title: escapeMarkup(`${post.title} (${n})`), body: `${escapeMarkup(post.body)}\n\nThread ${n}.` };
    const links = Array.from({ length: 10 }, (_, i) => n * 10 + i + 1)
      .filter((c) => c < pages)
      .map((c) => `<li><a href="/page/${c}">More ideas ${c}</a></li>`)
      .join('');
    const paras = idea.body
      .split('\n\n')
      .map((p) => `<p>${p}</p>`)
      .join('');
    rendered.push(
      Buffer.from(
        `<!doctype html><html><head><meta charset="utf-8"><title>${idea.title}</title></head><body><main><article><h1>${idea.title}</h1>${paras}</article></main><nav><ul>${links}</ul></nav></body></html>`,
      ),
    );
  }
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    if (req.url === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end('User-agent: *\nAllow: /\n');
    }
    const m = /^\/page\/(\d+)$/.exec(req.url ?? '');
    const body = m ? rendered[Number(m[1])] : undefined;
    if (!body) {
      res.writeHead(404);
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
