import { z } from 'zod';
import { escapeMarkup } from '@ideamine/shared/escape';
import { feedTokenParam } from '@ideamine/shared/contract/watchlists';
import { PUBLIC } from '@ideamine/shared/permissions';
import { notFound } from '@ideamine/server/errors';
import { defineRoute, raw } from '../define';

// The digest's way out, which must work without signing in (the link in every digest, and the
// List-Unsubscribe header's one-click POST of RFC 8058). A GET only asks, because mail scanners
// follow links; the button POSTs, and so does a mail client's one-click unsubscribe.

const tag = 'Watchlists';
const HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
};

const page = (title: string, body: string) =>
  Buffer.from(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeMarkup(title)} · Ideamine</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem"><h1>${escapeMarkup(title)}</h1>${body}
<p><a href="/my/watchlists">Manage your watchlists</a></p></body></html>`);

export const unsubscribeRoutes = [
  defineRoute({
    id: 'watchlists.unsubscribe.ask',
    method: 'GET',
    path: '/watchlists/unsubscribe/:token',
    summary: "The page a digest's unsubscribe link opens: names the watchlist and asks to confirm (no sign-in)",
    tag,
    requirement: PUBLIC,
    params: feedTokenParam,
    response: z.string(),
    rawResponse: { types: ['text/html'], description: 'A confirmation page' },
    handler: async ({ app, params }) => {
      const w = await app.db
        .selectFrom('watchlists')
        .select(['name', 'email_digest'])
        .where('email_token', '=', params.token)
        .executeTakeFirst();
      if (!w) throw notFound('Watchlist');
      const body =
        w.email_digest === 'off'
          ? `<p>You no longer get email digests for “${escapeMarkup(w.name)}”.</p>`
          : `<p>Stop the ${w.email_digest} email digest for your watchlist “${escapeMarkup(w.name)}”? The watchlist itself stays, with its notifications and feed.</p>
<form method="post"><button type="submit" style="font-size:1rem;padding:.5rem 1rem">Stop the digest</button></form>`;
      return raw(page('Email digest', body), 'text/html; charset=utf-8', HEADERS);
    },
  }),

  defineRoute({
    id: 'watchlists.unsubscribe',
    method: 'POST',
    path: '/watchlists/unsubscribe/:token',
    summary: "Stops a watchlist's email digest (the digest's link and one-click List-Unsubscribe; no sign-in)",
    tag,
    requirement: PUBLIC,
    params: feedTokenParam,
    response: z.string(),
    rawResponse: { types: ['text/html'], description: 'A page saying the digest stopped' },
    handler: async ({ app, params }) => {
      const w = await app.db
        .updateTable('watchlists')
        .set({ email_digest: 'off', updated_at: new Date() })
        .where('email_token', '=', params.token)
        .returning('name')
        .executeTakeFirst();
      if (!w) throw notFound('Watchlist');
      return raw(
        page('Digest stopped', `<p>You will get no more email digests for “${escapeMarkup(w.name)}”.</p>`),
        'text/html; charset=utf-8',
        HEADERS,
      );
    },
  }),
];
