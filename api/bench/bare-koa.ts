import Koa from 'koa';
import type { AddressInfo } from 'node:net';

// The yardstick of `npm run bench:api`: a bare Koa handler returning a fixed page of 10 ideas,
// the same JSON shape the list call returns. Prints its URL on stdout.

const idea = (id: number) => ({
  id,
  slug: `invoice-chaser-for-florists-${id}`,
  title: `Invoice chaser for florists ${id}`,
  summary: 'A tool that sends reminders until clients pay, built for independent florists.',
  categories: ['saas', 'fintech'],
  key_strengths: ['Recurring revenue potential'],
  profit_potential: 'High',
  profit_score: 7.1,
  problem_severity_score: 8,
  market_demand_score: 6.5,
  monetization_score: 7,
  implementation_score: 6.8,
  overall_score: 3.2,
  editor_pick: false,
  editor_pick_message: null,
  upvotes: 12,
  downvotes: 1,
  vote_score: 11,
  source_domain: 'bench.example',
  created_at: '2026-11-01T10:00:00.000Z',
});
const page = JSON.stringify({
  status: 'success',
  data: Array.from({ length: 10 }, (_, i) => idea(i + 1)),
  meta: { pagination: { total: 1_000_000, page: 1, page_size: 10, total_page: 100_000, total_pages: 100_000 } },
});

const app = new Koa();
app.use((ctx) => {
  ctx.type = 'application/json';
  ctx.body = page;
});
const server = app.listen(0, '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
