import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeMarkup } from '@ideamine/shared/escape';
import { createWatchlist } from '@ideamine/server/commands/watchlists';
import { recordWatchlistMatches } from '@ideamine/server/commands/watchlist-deliveries';
import { feedOf, notificationsOf } from '@ideamine/server/queries/watchlists';
import { buildUser } from '@ideamine/server/test/factories';
import { createMailer } from '@ideamine/server/mail/mailer';
import { sendDueDigests } from './jobs/digest';
import { startPipeline, waitUntil, type PipelineHarness } from './test/pipeline-harness';
import { startTestSmtp, type TestSmtp } from './test/smtp-server';

// Issue 24 end to end: posts crawled through a feed job become ideas, and an idea that matches a
// watchlist reaches its owner's notifications, its feed, its email digest and its webhook exactly once each; a
// watchlist it does not match gets nothing. The digest goes to a real SMTP server on loopback. The webhook receiver fails the first try, so the
// delivery is retried by the queue and its log shows both tries.

const POSTS = {
  invoices:
    'Every month I spend an evening copying hours from my time tracker into invoices by hand. It would be great ' +
    'if a small tool read the tracked hours, filled an invoice per client and sent it, with reminders for the ' +
    'ones that are late. I would happily pay for that since it costs me a whole evening each month.',
  plants:
    'I have thirty plants and forget which ones I watered. Every morning I check each pot by hand, which takes ' +
    'twenty minutes. I would pay a few dollars a month for an app that keeps track of each plant, learns how ' +
    'fast its soil dries and reminds me which ones need water today.',
};
const TITLES = {
  invoices: 'Someone should make a tool that turns tracked hours into invoices',
  plants: 'Is there an app that tells me which of my plants need water today?',
};

let p: PipelineHarness;
let site: http.Server;
let base: string;
const hooks: { body: string; signature: string; delivery: string }[] = [];
let hookCalls = 0;
let smtp: TestSmtp;

beforeAll(async () => {
  site = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/robots.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\n');
    if (path === '/hook') {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        hookCalls++;
        // The first try fails: the queue must try again.
        if (hookCalls === 1) return res.writeHead(503).end('busy, try later');
        hooks.push({
          body,
          signature: String(req.headers['x-ideamine-signature']),
          delivery: String(req.headers['x-ideamine-delivery']),
        });
        res.writeHead(200, { 'content-type': 'text/plain' }).end('thanks');
      });
      return;
    }
    if (path === '/feed.xml') {
      const items = Object.entries(POSTS).map(
        ([slug, text]) =>
          `<item><title>${escapeMarkup(TITLES[slug as keyof typeof TITLES])}</title><link>${base}/posts/${slug}</link><description>${escapeMarkup(text)}</description></item>`,
      );
      return res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(
          `<?xml version="1.0"?><rss version="2.0"><channel><title>Posts</title><link>${base}/</link>${items.join('')}</channel></rss>`,
        );
    }
    const slug = /^\/posts\/([a-z]+)$/.exec(path)?.[1] as keyof typeof POSTS | undefined;
    if (slug && POSTS[slug])
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><head><title>${escapeMarkup(TITLES[slug])}</title></head><body><main><article><h1>${escapeMarkup(TITLES[slug])}</h1><p>${escapeMarkup(POSTS[slug])}</p></article></main></body></html>`,
        );
    res.writeHead(404).end('gone');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  p = await startPipeline({ ideas: 1 });
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await p?.close();
  await smtp?.close();
  await new Promise((resolve) => site?.close(resolve));
});

describe('watchlist alerts', () => {
  it('delivers a matching crawled idea once per channel, and nothing to a watchlist it does not match', async () => {
    const db = p.context.app.db;
    const alice = await buildUser(p.context.app, { role: 'trial' });
    const bob = await buildUser(p.context.app, { role: 'trial' });
    const invoices = await createWatchlist(
      db,
      alice,
      {
        name: 'Invoices',
        words: 'invoices',
        categories: [],
        min_profit_label: null,
        sources: [],
        email_digest: 'daily',
        webhook_url: `${base}/hook`,
      },
      { webhookAllowPrivate: '127.0.0.1', emailEnabled: true },
    );
    const quantum = await createWatchlist(
      db,
      bob,
      {
        name: 'Quantum',
        words: 'quantum computing',
        categories: [],
        min_profit_label: null,
        sources: [],
        email_digest: 'daily',
        webhook_url: `${base}/hook`,
      },
      { webhookAllowPrivate: '127.0.0.1', emailEnabled: true },
    );

    const jobId = await p.runJob({ url: `${base}/feed.xml`, max_depth: 0 });
    await p.waitForJob(jobId);
    await p.waitForIdeas(jobId);
    const idea = await db
      .selectFrom('knowledge')
      .select(['id', 'title', 'slug'])
      .where('job_id', '=', jobId)
      .where('title', 'ilike', '%invoices%')
      .executeTakeFirstOrThrow();

    // The webhook: retried after the 503, then delivered, signed with the watchlist's secret.
    const delivered = await waitUntil(
      async () => {
        const d = await db
          .selectFrom('webhook_deliveries')
          .selectAll()
          .where('watchlist_id', '=', invoices.id)
          .execute();
        return d.length === 1 && d[0]!.status === 'delivered' ? d[0] : undefined;
      },
      30_000,
      'the webhook delivery',
    );
    expect(delivered).toMatchObject({
      knowledge_id: idea.id,
      attempts: 2,
      response_status: 200,
      response_body: 'thanks',
    });
    expect(hooks).toHaveLength(1);
    const payload = JSON.parse(hooks[0]!.body);
    expect(payload).toMatchObject({
      event: 'watchlist.match',
      watchlist: { id: invoices.id, name: 'Invoices' },
      idea: { id: idea.id, title: idea.title },
    });
    expect(payload.idea.url).toMatch(new RegExp(`/ideas/${idea.id}/${idea.slug}$`));
    const expected = `sha256=${createHmac('sha256', invoices.webhook_secret!).update(hooks[0]!.body).digest('hex')}`;
    expect(hooks[0]!.signature).toBe(expected);
    expect(hooks[0]!.delivery).toBe(String(delivered.id));

    // The portal's notification and the feed: the one idea, once.
    const notes = await notificationsOf(db, alice.id, { page: 1, page_size: 20, unread: false });
    expect(notes.rows.map((n) => [n.watchlist_id, n.knowledge_id])).toEqual([[invoices.id, idea.id]]);
    expect(notes.unread).toBe(1);
    const feed = await feedOf(db, invoices.feed_token);
    expect(feed!.items.map((i) => i.id)).toEqual([idea.id]);

    // The email digest: one message to Alice with the idea; a second run sends nothing.
    const mailer = createMailer(smtp.url, 'Ideamine <digest@ideamine.example>');
    try {
      expect(await sendDueDigests(db, { mailer, origin: 'http://ideamine.test' })).toBe(1);
      expect(await sendDueDigests(db, { mailer, origin: 'http://ideamine.test' })).toBe(0);
    } finally {
      mailer.close();
    }
    expect(smtp.messages.map((m) => (m.to && 'text' in m.to ? m.to.text : ''))).toEqual([alice.email]);
    expect(smtp.messages[0]!.text).toContain(`http://ideamine.test/ideas/${idea.id}/${idea.slug}`);

    // Matched again (a re-score, a retried message): nothing is delivered twice.
    const all = (await db.selectFrom('knowledge').select('id').where('job_id', '=', jobId).execute()).map((r) => r.id);
    expect(await recordWatchlistMatches(db, p.context.app.boss, all)).toEqual([]);
    expect(await db.selectFrom('webhook_deliveries').selectAll().execute()).toHaveLength(1);

    // Bob's watchlist matched nothing: no notification, empty feed, no webhook.
    expect((await notificationsOf(db, bob.id, { page: 1, page_size: 20, unread: false })).rows).toEqual([]);
    expect((await feedOf(db, quantum.feed_token))!.items).toEqual([]);
    expect(hooks.filter((h) => JSON.parse(h.body).watchlist.id === quantum.id)).toEqual([]);
    expect(smtp.messages.filter((m) => (m.to && 'text' in m.to ? m.to.text : '') === bob.email)).toEqual([]);
  });
});
