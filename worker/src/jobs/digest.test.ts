import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchWatchlists } from '@ideamine/server/commands/watchlist-matching';
import { createWatchlist } from '@ideamine/server/commands/watchlists';
import { createMailer, type Mailer } from '@ideamine/server/mail/mailer';
import { buildKnowledge, buildUser } from '@ideamine/server/test/factories';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import { startTestSmtp, type TestSmtp } from '../test/smtp-server';
import { LISTED_IDEAS, sendDueDigests } from './digest';

// The watchlist email digests against a real SMTP server on loopback: due daily or weekly, each
// match carried once, a failed send recorded and tried again, the way out in every email.

let t: TestContext;
let smtp: TestSmtp;
let mailer: Mailer;
const ORIGIN = 'https://ideamine.example';

beforeAll(async () => {
  t = await startTestContext();
  smtp = await startTestSmtp();
  mailer = createMailer(smtp.url, 'Ideamine <digest@ideamine.example>');
});
afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await t?.close();
});

const HOUR = 3_600_000;
const send = (now: Date) => sendDueDigests(t.app.db, { mailer, origin: ORIGIN }, now);

async function watching(words: string, email_digest: 'daily' | 'weekly') {
  const user = await buildUser(t.app, { role: 'trial' });
  const watchlist = await createWatchlist(
    t.app.db,
    user,
    {
      name: `About ${words}`,
      words,
      categories: [],
      min_profit_label: null,
      sources: [],
      email_digest,
      webhook_url: null,
    },
    { webhookAllowPrivate: '', emailEnabled: true },
  );
  return { user, watchlist };
}

describe('email digests', () => {
  it('sends a daily digest of new matches once, then again only when a day has passed and more came', async () => {
    const { user, watchlist } = await watching('bakery', 'daily');
    const first = await buildKnowledge(t.app, { title: 'Bakery ordering assistant', profit_potential: 'High' });
    await matchWatchlists(t.app.db, [first.id]);
    const start = new Date(Date.now() + HOUR);
    smtp.messages.length = 0;

    expect(await send(start)).toBe(1);
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe(user.email);
    expect(mail.subject).toBe('1 new idea for your watchlist “About bakery”');
    expect(mail.text).toContain('Bakery ordering assistant');
    expect(mail.text).toContain(`${ORIGIN}/ideas/${first.id}/${first.slug}`);
    expect(mail.text).toContain('High profit potential, from example.test');
    const unsubscribe = `${ORIGIN}/api/v1/watchlists/unsubscribe/${watchlist.email_token}`;
    expect(mail.text).toContain(`Stop this digest: ${unsubscribe}`);
    expect(mail.html).toContain(`href="${unsubscribe}"`);
    const header = (name: string) => mail.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, ' ');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribe}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // Within the day, or with nothing new: nothing is sent.
    const second = await buildKnowledge(t.app, { title: 'Bakery waste tracker' });
    await matchWatchlists(t.app.db, [second.id]);
    expect(await send(new Date(start.getTime() + 2 * HOUR))).toBe(0);
    // A day later: only the new match.
    expect(await send(new Date(start.getTime() + 24 * HOUR))).toBe(1);
    expect(smtp.messages).toHaveLength(2);
    expect(smtp.messages[1]!.text).toContain('Bakery waste tracker');
    expect(smtp.messages[1]!.text).not.toContain('Bakery ordering assistant');
    expect(await send(new Date(start.getTime() + 72 * HOUR))).toBe(0);

    const history = await t.app.db
      .selectFrom('email_digests')
      .select(['status', 'match_count', 'to_address'])
      .where('watchlist_id', '=', watchlist.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { status: 'sent', match_count: 1, to_address: user.email },
      { status: 'sent', match_count: 1, to_address: user.email },
    ]);
  });

  it('waits a week for a weekly digest, lists at most twenty ideas and counts the rest', async () => {
    const { watchlist } = await watching('kennel', 'weekly');
    const ideas = [];
    for (let i = 0; i < LISTED_IDEAS + 3; i++)
      ideas.push(await buildKnowledge(t.app, { title: `Kennel booking ${i}` }));
    await matchWatchlists(
      t.app.db,
      ideas.map((k) => k.id),
    );
    const start = new Date(Date.now() + HOUR);
    await t.app.db
      .updateTable('watchlists')
      .set({ digest_sent_at: new Date(start.getTime() - 3 * 24 * HOUR) })
      .where('id', '=', watchlist.id)
      .execute();
    const before = smtp.messages.length;
    expect(await send(start)).toBe(0);
    expect(await send(new Date(start.getTime() + 4 * 24 * HOUR))).toBe(1);
    const mail = smtp.messages[before]!;
    expect(mail.subject).toBe(`${LISTED_IDEAS + 3} new ideas for your watchlist “About kennel”`);
    expect(mail.text).toContain('And 3 more');
    expect(mail.text?.match(/^\* Kennel booking/gm)).toHaveLength(LISTED_IDEAS);
  });

  it('records a failed send and tries it again next time; a paused watchlist or an unset digest gets none', async () => {
    const { watchlist } = await watching('greenhouse', 'daily');
    const { watchlist: paused } = await watching('greenhouse', 'daily');
    await t.app.db.updateTable('watchlists').set({ paused_at: new Date() }).where('id', '=', paused.id).execute();
    const idea = await buildKnowledge(t.app, { title: 'Greenhouse climate log' });
    await matchWatchlists(t.app.db, [idea.id]);
    const now = new Date(Date.now() + HOUR);
    const before = smtp.messages.length;
    smtp.reject = true;
    try {
      expect(await send(now)).toBe(0);
    } finally {
      smtp.reject = false;
    }
    const failed = await t.app.db
      .selectFrom('email_digests')
      .selectAll()
      .where('watchlist_id', '=', watchlist.id)
      .execute();
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ status: 'failed', match_count: 1 });
    expect(failed[0]!.error).toContain('mailbox unavailable');
    // The next run sends it.
    expect(await send(new Date(now.getTime() + HOUR))).toBe(1);
    expect(smtp.messages.slice(before).map((m) => m.subject)).toEqual([
      '1 new idea for your watchlist “About greenhouse”',
    ]);
    // Without a mailer (no SMTP_URL), nothing happens at all.
    expect(await sendDueDigests(t.app.db, { mailer: null, origin: ORIGIN })).toBe(0);
  });
});
