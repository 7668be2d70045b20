import { escapeMarkup } from '@ideamine/shared/escape';

// The digest email: the watchlist's new ideas, newest first, each with its profit label, source
// and a link to its page, in plain text and in simple HTML, and a way out that needs no sign-in.

export interface DigestIdea {
  id: number;
  slug: string;
  title: string;
  summary: string;
  profit_potential: string | null;
  source_domain: string;
  matched_at: Date;
}

export function digestMail(d: {
  watchlist: string;
  period: 'daily' | 'weekly';
  ideas: DigestIdea[];
  total: number;
  origin: string;
  unsubscribe: string;
}): { subject: string; text: string; html: string } {
  const count = d.total === 1 ? '1 new idea' : `${d.total} new ideas`;
  const subject = `${count} for your watchlist “${d.watchlist}”`;
  const url = (i: DigestIdea) => `${d.origin}/ideas/${i.id}/${i.slug}`;
  const label = (i: DigestIdea) => `${i.profit_potential ?? 'Not scored'} profit potential, from ${i.source_domain}`;
  const more = d.total - d.ideas.length;
  const manage = `${d.origin}/my/watchlists`;
  const text = [
    `${count} matched “${d.watchlist}” since your last ${d.period} digest.`,
    '',
    ...d.ideas.flatMap((i) => [`* ${i.title}`, `  ${label(i)}`, `  ${url(i)}`, '']),
    ...(more > 0 ? [`And ${more} more: ${manage}`, ''] : []),
    `Manage your watchlists: ${manage}`,
    `Stop this digest: ${d.unsubscribe}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${escapeMarkup(count)} matched <strong>${escapeMarkup(d.watchlist)}</strong> since your last ${d.period} digest.</p>
<ul>
${d.ideas
  .map(
    (i) =>
      `<li><a href="${escapeMarkup(url(i))}">${escapeMarkup(i.title)}</a><br><small>${escapeMarkup(label(i))}</small>${
        i.summary ? `<br>${escapeMarkup(i.summary)}` : ''
      }</li>`,
  )
  .join('\n')}
</ul>
${more > 0 ? `<p><a href="${escapeMarkup(manage)}">And ${more} more</a></p>` : ''}
<p><small><a href="${escapeMarkup(manage)}">Manage your watchlists</a> · <a href="${escapeMarkup(d.unsubscribe)}">Stop this digest</a></small></p>
</body></html>`;
  return { subject, text, html };
}
