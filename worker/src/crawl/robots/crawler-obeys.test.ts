import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPipeline, type PipelineHarness } from '../../test/pipeline-harness';

// robots.txt as a site owner tests it: each case is its own loopback origin with its own
// robots.txt, crawled by the real workers, and judged by the URLs the crawler actually
// requested. Cases from RFC 9309 (rfc-editor.org/rfc/rfc9309) and from the accepted leniencies
// of Google's reference parser (github.com/google/robotstxt).

interface Page {
  links?: string[];
  redirect?: string;
}

interface Origin {
  url: string;
  /** Paths with their query, exactly as the crawler sent them, robots.txt included. */
  requested: string[];
}

const servers: http.Server[] = [];

async function origin(robots: string | Buffer, pages: Record<string, Page>): Promise<Origin> {
  const requested: string[] = [];
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requested.push(path);
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(robots);
    }
    const page = pages[path];
    if (page?.redirect) {
      res.writeHead(302, { location: page.redirect });
      return res.end();
    }
    const links = (page?.links ?? []).map((l) => `<a href="${l.replace(/&/g, '&amp;')}">link</a>`).join('\n');
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><html><head><title>Page ${path}</title></head><body><p>A page.</p>${links}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requested };
}

let p: PipelineHarness;

beforeAll(async () => {
  p = await startPipeline({ ideas: 1 });
});
afterAll(async () => {
  for (const s of servers) s.close();
  await p?.close();
});

/** Crawls the origin from "/" (links one level deep) and returns what was requested. */
async function crawl(site: Origin): Promise<string[]> {
  const jobId = await p.runJob({ url: site.url + '/', max_depth: 2, max_pages: 50 });
  await p.waitForJob(jobId);
  return site.requested;
}

describe('the crawler obeys robots.txt (RFC 9309)', () => {
  it('reads the first 500 KiB of a larger robots.txt, so rules at its top still hold', async () => {
    const padding = '# ' + 'x'.repeat(1000) + '\n';
    const robots = 'User-agent: *\nDisallow: /private\n' + padding.repeat(600); // about 600 KB
    const site = await origin(robots, { '/': { links: ['/private/a', '/public/b'] } });
    const requested = await crawl(site);
    expect(requested).toContain('/public/b');
    expect(requested).not.toContain('/private/a');
  });

  it('an empty group for this crawler allows everything, instead of falling back to *', async () => {
    const site = await origin('User-agent: *\nDisallow: /\n\nUser-agent: IdeamineBot\n', {
      '/': { links: ['/a', '/b'] },
    });
    expect(await crawl(site)).toEqual(expect.arrayContaining(['/', '/a', '/b']));
  });

  it('a Sitemap line between rules does not close the group', async () => {
    const robots = 'User-agent: IdeamineBot\nDisallow: /a\nSitemap: /sitemap.xml\nDisallow: /b\n';
    const site = await origin(robots, { '/': { links: ['/a', '/b', '/c'] } });
    const requested = await crawl(site);
    expect(requested).toContain('/c');
    expect(requested).not.toContain('/a');
    expect(requested).not.toContain('/b');
  });

  it('checks every redirect hop, on this site and on the site it leads to', async () => {
    const elsewhere = await origin('User-agent: *\nDisallow: /blocked\n', {});
    const site = await origin('User-agent: *\nDisallow: /private\n', {
      '/': { links: ['/go', '/away', '/fine'] },
      '/go': { redirect: '/private/secret' },
      '/away': { redirect: `${elsewhere.url}/blocked/page` },
      '/fine': { redirect: `${elsewhere.url}/open` },
    });
    const requested = await crawl(site);
    expect(requested).toEqual(expect.arrayContaining(['/go', '/away', '/fine']));
    expect(requested).not.toContain('/private/secret');
    expect(elsewhere.requested).toContain('/robots.txt');
    expect(elsewhere.requested).toContain('/open');
    expect(elsewhere.requested).not.toContain('/blocked/page');
    const tasks = await p.context.app.db
      .selectFrom('crawl_tasks')
      .select(['url', 'skip_reason'])
      .where('url', 'like', `${site.url}/go%`)
      .execute();
    expect(tasks[0]?.skip_reason).toBe(`Redirect to ${site.url}/private/secret: Disallowed by robots.txt`);
  });

  it('matches the query as the link wrote it, and fetches it so', async () => {
    const robots = 'User-agent: *\nDisallow: /search?q=\nDisallow: /find\nAllow: /find?z=1&a=2\n';
    const site = await origin(robots, { '/': { links: ['/search?q=x&a=1', '/find?z=1&a=2', '/find?a=2&z=1'] } });
    const requested = await crawl(site);
    // Sorted, the first would read /search?a=1&q=x and slip past the rule.
    expect(requested).not.toContain('/search?q=x&a=1');
    expect(requested).not.toContain('/search?a=1&q=x');
    // Allowed as written, and requested as written; the same query in another order is another
    // link to the same page (one task) and is not what the Allow names.
    expect(requested).toContain('/find?z=1&a=2');
    expect(requested).not.toContain('/find?a=2&z=1');
  });

  it('skips a byte-order mark at the start; a stray one spoils only its own line', async () => {
    const full = await origin(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('User-agent: *\nDisallow: /x\n')]),
      {
        '/': { links: ['/x', '/y'] },
      },
    );
    const stray = await origin(
      Buffer.concat([
        Buffer.from('User-agent: *\nDisallow: /x\n'),
        Buffer.from([0xef, 0xbb, 0xbf]),
        Buffer.from('Disallow: /y\nDisallow: /z\n'),
      ]),
      { '/': { links: ['/x', '/y', '/z', '/w'] } },
    );
    const partial = await origin(
      Buffer.concat([Buffer.from([0xef, 0xbb]), Buffer.from('User-agent: *\nDisallow: /x\n')]),
      { '/': { links: ['/x'] } },
    );
    const [a, b, c] = await Promise.all([crawl(full), crawl(stray), crawl(partial)]);
    expect(a).toContain('/y');
    expect(a).not.toContain('/x');
    expect(b).toEqual(expect.arrayContaining(['/y', '/w']));
    expect(b).not.toContain('/x');
    expect(b).not.toContain('/z');
    // The spoiled first line was the User-agent line: the rule after it belongs to no group.
    expect(c).toContain('/x');
  });
});

describe('robots.txt behind redirects (RFC 9309 2.3.1.2)', () => {
  it('follows up to five redirects to the rules, and takes more as no robots.txt (a 4xx)', async () => {
    // /robots.txt redirects `hops` times before the rules answer.
    const behind = async (hops: number) => {
      const requested: string[] = [];
      const server = http.createServer((req, res) => {
        const path = req.url ?? '/';
        requested.push(path);
        const hop = /^\/(?:robots\.txt|hop(\d+))$/.exec(path);
        if (hop) {
          const n = Number(hop[1] ?? 0);
          if (n < hops) return res.writeHead(302, { location: `/hop${n + 1}` }).end();
          return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nDisallow: /x\n');
        }
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>A page.</p><a href="/x">x</a><a href="/y">y</a>');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      return crawl({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requested });
    };
    const [five, six] = await Promise.all([behind(5), behind(6)]);
    expect(five).toContain('/hop5');
    expect(five).toContain('/y');
    expect(five).not.toContain('/x');
    expect(six).not.toContain('/hop6');
    expect(six).toEqual(expect.arrayContaining(['/x', '/y']));
  });
});

describe("the crawler accepts Google's leniencies", () => {
  it('a missing colon, common typos and a user-agent read up to the first space', async () => {
    const cases = await Promise.all([
      origin('User-agent: *\nDisallow /x\n', { '/': { links: ['/x', '/y'] } }),
      origin('useragent: IdeamineBot\ndissallow: /x\n', { '/': { links: ['/x', '/y'] } }),
      origin('user agent: IdeamineBot\ndisallaw: /x\n', { '/': { links: ['/x', '/y'] } }),
      origin('User-agent: *\nDisallow: /y\n\nUser-agent: IdeamineBot Images\nDisallow: /x\n', {
        '/': { links: ['/x', '/y'] },
      }),
    ]);
    for (const requested of await Promise.all(cases.map(crawl))) {
      expect(requested).toContain('/y');
      expect(requested).not.toContain('/x');
    }
  });

  it('Allow: /dir/index.html also allows /dir/', async () => {
    const site = await origin('User-agent: *\nAllow: /dir/index.html\nAllow: /$\nDisallow: /\n', {
      '/': { links: ['/dir/', '/dir/other', '/else'] },
    });
    const requested = await crawl(site);
    expect(requested).toContain('/dir/');
    expect(requested).not.toContain('/dir/other');
    expect(requested).not.toContain('/else');
  });
});
