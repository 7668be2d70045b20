import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE_LIMITS } from '@ideamine/shared/permissions';
import { matchWatchlists } from '@ideamine/server/commands/watchlist-matching';
import { createWatchlist } from '@ideamine/server/commands/watchlists';
import { buildKnowledge, signedInUser } from '@ideamine/server/test/factories';
import { weekStart } from '@ideamine/server/queries/watchlists';
import { client } from '../../test/http';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
let http: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({ webhookAllowPrivate: '' });
  http = client(server.url);
});
afterAll(() => server.close());

const user = (role: 'guest' | 'trial' | 'developer' | 'admin' = 'trial') => signedInUser(server.app, { role });

describe('watchlists', () => {
  it('saves a search, lists it with counts, renames, pauses and deletes it', async () => {
    expect((await http.get('/api/v1/watchlists')).status).toBe(401);
    const { token } = await user();
    const created = await http.post(
      '/api/v1/watchlists',
      {
        name: '  Invoices  ',
        words: 'invoice reminders',
        categories: ['saas', 'saas'],
        min_profit_label: 'High',
        sources: ['WWW.Reddit.com'],
      },
      { token },
    );
    expect(created.status).toBe(201);
    const w = created.body.data;
    expect(w).toMatchObject({
      name: 'Invoices',
      words: 'invoice reminders',
      categories: ['saas'],
      min_profit_label: 'High',
      sources: ['reddit.com'],
      paused: false,
      email_digest: 'off',
      webhook_url: null,
      webhook_secret: null,
      match_count: 0,
      new_match_count: 0,
      last_matched_at: null,
      top_sources: [],
    });
    expect(w.feed.atom).toMatch(/^\/api\/v1\/feeds\/[\w-]{43}\/atom\.xml$/);
    expect(w.weekly).toHaveLength(12);
    expect(w.weekly.at(-1).week_start).toBe(weekStart(new Date(), 0).toISOString().slice(0, 10));

    const renamed = await http.put(`/api/v1/watchlists/${w.id}`, { name: 'Billing', paused: true }, { token });
    expect(renamed.body.data).toMatchObject({ name: 'Billing', paused: true, words: 'invoice reminders' });
    const list = await http.get('/api/v1/watchlists', { token });
    expect(list.body.data.map((x: { name: string }) => x.name)).toEqual(['Billing']);
    expect(list.body.meta.limits).toEqual({ ...ROLE_LIMITS.trial, used_watchlists: 1, used_webhooks: 0 });
    expect((await http.del(`/api/v1/watchlists/${w.id}`, { token })).body.data.message).toBe('Watchlist deleted');
    expect((await http.get(`/api/v1/watchlists/${w.id}`, { token })).status).toBe(404);
  });

  it("answers 404 for another user's watchlist, whatever the call", async () => {
    const owner = await user();
    const other = await user();
    const w = (await http.post('/api/v1/watchlists', { name: 'Mine' }, { token: owner.token })).body.data;
    const base = `/api/v1/watchlists/${w.id}`;
    for (const res of await Promise.all([
      http.get(base, { token: other.token }),
      http.put(base, { name: 'Taken' }, { token: other.token }),
      http.del(base, { token: other.token }),
      http.post(`${base}/feed-token`, undefined, { token: other.token }),
      http.get(`${base}/matches`, { token: other.token }),
      http.get(`${base}/webhook-deliveries`, { token: other.token }),
    ])) {
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Watchlist not found');
    }
    expect((await http.get(base, { token: owner.token })).body.data.name).toBe('Mine');
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const { token } = await user();
    const w = (await http.post('/api/v1/watchlists', { name: 'Ok' }, { token })).body.data;
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/v1/watchlists', {}, 'name'],
      ['POST', '/api/v1/watchlists', { name: '   ' }, 'name'],
      ['POST', '/api/v1/watchlists', { name: 'x'.repeat(121) }, 'name'],
      ['POST', '/api/v1/watchlists', { name: 'a', words: 'the of and' }, 'words'],
      ['POST', '/api/v1/watchlists', { name: 'a', min_profit_label: 'Huge' }, 'min_profit_label'],
      ['POST', '/api/v1/watchlists', { name: 'a', categories: 'saas' }, 'categories'],
      ['POST', '/api/v1/watchlists', { name: 'a', sources: ['http://x.com/path'] }, 'sources.0'],
      ['POST', '/api/v1/watchlists', { name: 'a', email_digest: 'hourly' }, 'email_digest'],
      // This server has no SMTP_URL: it cannot send a digest.
      ['POST', '/api/v1/watchlists', { name: 'a', email_digest: 'daily' }, 'email_digest'],
      ['POST', '/api/v1/watchlists', { name: 'a', webhook_url: 'ftp://example.com' }, 'webhook_url'],
      ['POST', '/api/v1/watchlists', { name: 'a', webhook_url: 'http://127.0.0.1:9/hook' }, 'webhook_url'],
      ['POST', '/api/v1/watchlists', { name: 'a', owner: 1 }, 'owner'],
      ['PUT', `/api/v1/watchlists/${w.id}`, { paused: 'yes' }, 'paused'],
      ['PUT', `/api/v1/watchlists/${w.id}`, { webhook_url: 'http://169.254.169.254/latest' }, 'webhook_url'],
      ['GET', '/api/v1/watchlists/abc', undefined, 'id'],
      ['GET', '/api/v1/notifications?unread=yes', undefined, 'unread'],
      ['GET', '/api/v1/watchlists/alerts-per-day?days=91', undefined, 'days'],
      ['POST', '/api/v1/notifications/read', {}, 'items'],
      ['POST', '/api/v1/notifications/read', { items: [{ watchlist_id: 0, knowledge_id: 1 }] }, 'items.0.watchlist_id'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await http.send(method, path, { token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.body.error.field, `${method} ${path}`).toBe(field);
      expect(res.body.error.message).toContain(field);
    }
    const privateHook = await http.post(
      '/api/v1/watchlists',
      { name: 'a', webhook_url: 'http://127.0.0.1:9/hook' },
      { token },
    );
    expect(privateHook.body.error.message).toContain('use a public address');
  });

  it('never lets a webhook reach a link-local or metadata address, even when private ones are allowed', async () => {
    const { user: owner } = await user();
    const body = {
      name: 'Hook',
      words: '',
      categories: [],
      min_profit_label: null,
      sources: [],
      email_digest: 'off' as const,
    };
    const everything = { webhookAllowPrivate: 'true', emailEnabled: false };
    await expect(
      createWatchlist(
        server.app.db,
        owner,
        { ...body, webhook_url: 'http://169.254.169.254/latest/meta-data' },
        everything,
      ),
    ).rejects.toThrow(/link-local or cloud metadata address/);
    const loopback = await createWatchlist(
      server.app.db,
      owner,
      { ...body, webhook_url: 'http://127.0.0.1:9/hook' },
      everything,
    );
    expect(loopback.webhook_url).toBe('http://127.0.0.1:9/hook');
  });

  it("holds each role to its limits, a guest's webhooks too", async () => {
    const guest = await user('guest');
    for (let i = 0; i < ROLE_LIMITS.guest.watchlists; i++)
      expect((await http.post('/api/v1/watchlists', { name: `w${i}` }, { token: guest.token })).status).toBe(201);
    const over = await http.post('/api/v1/watchlists', { name: 'one more' }, { token: guest.token });
    expect(over.status).toBe(409);
    expect(over.body.error.message).toContain(`${ROLE_LIMITS.guest.watchlists} watchlists`);
    const first = (await http.get('/api/v1/watchlists', { token: guest.token })).body.data[0];
    const hook = await http.put(
      `/api/v1/watchlists/${first.id}`,
      { webhook_url: 'https://hooks.example.com/x' },
      { token: guest.token },
    );
    expect(hook.status).toBe(409);
    expect(hook.body.error.field).toBe('webhook_url');
    expect(hook.body.error.message).toContain('cannot send webhooks');
    const limits = await http.get('/api/v1/watchlists/limits', { token: guest.token });
    expect(limits.body.data).toEqual({ ...ROLE_LIMITS.guest, used_watchlists: 3, used_webhooks: 0 });
  });
});

describe('the digest unsubscribe link', () => {
  it('asks on GET, stops the digest on POST without signing in, and knows no unknown token', async () => {
    const { token } = await user();
    const w = (await http.post('/api/v1/watchlists', { name: 'Digest me' }, { token })).body.data;
    const row = await server.app.db
      .updateTable('watchlists')
      .set({ email_digest: 'weekly' })
      .where('id', '=', w.id)
      .returning('email_token')
      .executeTakeFirstOrThrow();
    const path = `/api/v1/watchlists/unsubscribe/${row.email_token}`;
    const ask = await http.get(path);
    expect(ask.status).toBe(200);
    expect(ask.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(ask.body).toContain('Stop the weekly email digest for your watchlist “Digest me”?');
    expect(ask.body).toContain('<form method="post">');
    // A GET (a mail scanner following the link) changes nothing.
    expect((await http.get(`/api/v1/watchlists/${w.id}`, { token })).body.data.email_digest).toBe('weekly');
    // The one-click POST of RFC 8058 sends a form body; it needs no sign-in.
    const stop = await http.send('POST', path, {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(stop.status).toBe(200);
    expect(stop.body).toContain('You will get no more email digests for “Digest me”.');
    expect((await http.get(`/api/v1/watchlists/${w.id}`, { token })).body.data.email_digest).toBe('off');
    expect((await http.get(path)).body).toContain('You no longer get email digests');
    expect((await http.get('/api/v1/watchlists/unsubscribe/unknown-token-0123456789abcdef')).status).toBe(404);
  });
});

describe('matches, notifications and feeds', () => {
  it('matches by the search semantics; notifies the owner once; feeds list the matches', async () => {
    const owner = await user();
    const stranger = await user();
    const make = (body: object) =>
      http.post('/api/v1/watchlists', body, { token: owner.token }).then((r) => r.body.data);
    const words = await make({ name: 'Invoices', words: 'invoice -crypto' });
    const category = await make({ name: 'Health', categories: ['health'], min_profit_label: 'High' });
    const source = await make({ name: 'From HN', sources: ['news.ycombinator.com'] });
    const paused = await make({ name: 'Paused', words: 'invoice' });
    await http.put(`/api/v1/watchlists/${paused.id}`, { paused: true }, { token: owner.token });

    const invoice = await buildKnowledge(server.app, {
      title: 'Invoice chasing for freelancers',
      categories: ['finance'],
    });
    const crypto = await buildKnowledge(server.app, { title: 'Crypto invoice tokens', categories: ['finance'] });
    const healthLow = await buildKnowledge(server.app, {
      title: 'Step counter',
      categories: ['health'],
      profit_potential: 'Low',
    });
    const healthHigh = await buildKnowledge(server.app, {
      title: 'Clinic scheduling',
      categories: ['health'],
      profit_potential: 'Very High',
    });
    const hn = await buildKnowledge(server.app, {
      title: 'Ask HN: a tool to merge calendars',
      source_url: 'https://news.ycombinator.com/item?id=1',
    });
    const strangersPrivate = await buildKnowledge(server.app, {
      title: 'Private invoice idea',
      visibility: 'private',
      user_id: stranger.user.id,
    });
    const ownPrivate = await buildKnowledge(server.app, {
      title: 'My invoice idea',
      visibility: 'private',
      user_id: owner.user.id,
    });
    const ids = [invoice, crypto, healthLow, healthHigh, hn, strangersPrivate, ownPrivate].map((k) => k.id);
    const matched = await matchWatchlists(server.app.db, ids);
    const pairs = (watchlistId: number) =>
      matched
        .filter((m) => m.watchlist_id === watchlistId)
        .map((m) => m.knowledge_id)
        .sort();
    expect(pairs(words.id)).toEqual([invoice.id, ownPrivate.id].sort());
    expect(pairs(category.id)).toEqual([healthHigh.id]);
    expect(pairs(source.id)).toEqual([hn.id]);
    expect(pairs(paused.id)).toEqual([]);
    // Again (a retried message, a re-scored idea): nothing new.
    expect(await matchWatchlists(server.app.db, ids)).toEqual([]);

    const perDay = await http.get('/api/v1/watchlists/alerts-per-day?days=7', { token: owner.token });
    expect(perDay.body.data).toHaveLength(7);
    expect(perDay.body.data.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), matches: 4 });
    expect(perDay.body.data.slice(0, 6).every((d: { matches: number }) => d.matches === 0)).toBe(true);
    const got = (await http.get(`/api/v1/watchlists/${words.id}`, { token: owner.token })).body.data;
    expect(got).toMatchObject({ match_count: 2, new_match_count: 2 });
    expect(got.weekly.at(-1).matches).toBe(2);
    expect(got.top_sources).toEqual([{ domain: 'example.test', matches: 2 }]);
    const cards = await http.get(`/api/v1/watchlists/${words.id}/matches`, { token: owner.token });
    expect(cards.body.data.map((c: { id: number }) => c.id).sort()).toEqual([invoice.id, ownPrivate.id].sort());
    expect((await http.get(`/api/v1/watchlists/${words.id}`, { token: owner.token })).body.data.new_match_count).toBe(
      0,
    );

    const notes = await http.get('/api/v1/notifications', { token: owner.token });
    expect(notes.body.meta.unread_count).toBe(4);
    expect(notes.body.data).toHaveLength(4);
    expect(notes.body.data[0]).toMatchObject({ read: false });
    const strangerNotes = await http.get('/api/v1/notifications', { token: stranger.token });
    expect(strangerNotes.body.data).toEqual([]);
    const one = notes.body.data.find((n: { knowledge_id: number }) => n.knowledge_id === hn.id);
    expect(one).toMatchObject({ watchlist_name: 'From HN', title: hn.title, source_domain: 'news.ycombinator.com' });
    const marked = await http.post(
      '/api/v1/notifications/read',
      { items: [{ watchlist_id: one.watchlist_id, knowledge_id: one.knowledge_id }] },
      { token: owner.token },
    );
    expect(marked.body.data).toEqual({ marked: 1 });
    const unread = await http.get('/api/v1/notifications?unread=true', { token: owner.token });
    expect(unread.body.meta.unread_count).toBe(3);
    expect(unread.body.data.map((n: { knowledge_id: number }) => n.knowledge_id)).not.toContain(hn.id);
    // Someone else's "mark all" leaves these alone.
    await http.post('/api/v1/notifications/read', { all: true }, { token: stranger.token });
    expect((await http.get('/api/v1/notifications', { token: owner.token })).body.meta.unread_count).toBe(3);
    await http.post('/api/v1/notifications/read', { all: true }, { token: owner.token });
    expect((await http.get('/api/v1/notifications', { token: owner.token })).body.meta.unread_count).toBe(0);

    // A private idea an admin makes public meets the watchlists then, and only then.
    const admin = await user('admin');
    const published = await http.put(
      `/api/v1/admin/knowledge/${strangersPrivate.id}/visibility`,
      { visibility: 'public' },
      { token: admin.token },
    );
    expect(published.status).toBe(200);
    const fresh = await http.get('/api/v1/notifications?unread=true', { token: owner.token });
    expect(fresh.body.data.map((n: { knowledge_id: number }) => n.knowledge_id)).toEqual([strangersPrivate.id]);
    await http.post('/api/v1/notifications/read', { all: true }, { token: owner.token });

    // The feed, without signing in: both formats, public ideas only (the owner's private one
    // stays in the portal: a feed address travels through feed readers).
    const atom = await http.get(words.feed.atom);
    expect(atom.status).toBe(200);
    expect(atom.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    expect(atom.body).toContain('<title>Ideamine watchlist: Invoices</title>');
    expect(atom.body).toContain(`/ideas/${invoice.id}/${invoice.slug}`);
    expect(atom.body).not.toContain('My invoice idea');
    expect(atom.body).not.toContain('Crypto');
    const json = await http.get(words.feed.json);
    expect(json.headers.get('content-type')).toBe('application/feed+json; charset=utf-8');
    expect(json.body.version).toBe('https://jsonfeed.org/version/1.1');
    expect(json.body.items.map((i: { id: string }) => Number(i.id))).toEqual([strangersPrivate.id, invoice.id]);

    // An idea made private by someone else since it matched drops out everywhere.
    await server.app.db.updateTable('knowledge').set({ visibility: 'private' }).where('id', '=', invoice.id).execute();
    expect((await http.get(words.feed.json)).body.items.map((i: { id: string }) => Number(i.id))).toEqual([
      strangersPrivate.id,
    ]);
    const after = await http.get(`/api/v1/watchlists/${words.id}/matches`, { token: owner.token });
    expect(after.body.data.map((c: { id: number }) => c.id).sort()).toEqual(
      [ownPrivate.id, strangersPrivate.id].sort(),
    );

    // Rotating the token stops the old address at once.
    const rotated = (await http.post(`/api/v1/watchlists/${words.id}/feed-token`, undefined, { token: owner.token }))
      .body.data;
    expect(rotated.feed.atom).not.toBe(words.feed.atom);
    expect((await http.get(words.feed.atom)).status).toBe(404);
    expect((await http.get(rotated.feed.atom)).status).toBe(200);
    expect((await http.get('/api/v1/feeds/not-a-token/atom.xml')).status).toBe(400);
  });
  it('tells a watcher when an edit or a new owner makes an idea match, once', async () => {
    const watcher = await user();
    const admin = await user('admin');
    const words = (await http.post('/api/v1/watchlists', { name: 'Kilns', words: 'kiln' }, { token: watcher.token }))
      .body.data;
    const pottery = (
      await http.post('/api/v1/watchlists', { name: 'Crafts', categories: ['crafts'] }, { token: watcher.token })
    ).body.data;
    const idea = await buildKnowledge(server.app, { title: 'Firing schedule planner', categories: ['tools'] });
    const given = await buildKnowledge(server.app, {
      title: 'Kiln temperature log',
      visibility: 'private',
      user_id: admin.user.id,
    });
    const watchers = (await matchWatchlists(server.app.db, [idea.id, given.id])).filter(
      (m) => m.user_id === watcher.user.id,
    );
    expect(watchers).toEqual([]); // other tests' watchlists may match them
    const unread = async () =>
      (await http.get('/api/v1/notifications?unread=true', { token: watcher.token })).body.data.map(
        (n: { watchlist_id: number; knowledge_id: number }) => [n.watchlist_id, n.knowledge_id],
      );

    const edit = (body: object) => http.put(`/api/v1/data/knowledge/${idea.id}`, body, { token: admin.token });
    expect((await edit({ title: 'Kiln firing schedule planner' })).status).toBe(200);
    expect(await unread()).toEqual([[words.id, idea.id]]);
    expect((await edit({ categories: ['crafts', 'tools'] })).status).toBe(200);
    expect((await unread()).sort()).toEqual(
      [
        [words.id, idea.id],
        [pottery.id, idea.id],
      ].sort(),
    );
    // Edited again, it matches no more watchlists than before: nothing is told twice.
    expect((await edit({ summary: 'Plans kiln firings.' })).status).toBe(200);
    expect(await unread()).toHaveLength(2);

    // A private idea given to the watcher now meets the watcher's own watchlists.
    const owned = await http.put(
      `/api/v1/admin/knowledge/${given.id}/ownership`,
      { user_id: watcher.user.id },
      { token: admin.token },
    );
    expect(owned.status).toBe(200);
    expect(await unread()).toContainEqual([words.id, given.id]);
  });
});
