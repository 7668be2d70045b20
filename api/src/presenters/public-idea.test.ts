import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_COLUMNS, CARD_JSON } from '@ideamine/server/queries/public-cards';
import { buildKnowledge } from '@ideamine/server/test/factories';
import { startTestContext, type TestContext } from '@ideamine/server/test/context';
import { presentIdeaCard } from './public-idea';

// A list page's cards are written by PostgreSQL (CARD_JSON) where the other answers present
// rows in TypeScript (presentIdeaCard): the two must give the same text for any idea, so an
// answer does not change with the path that made it.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await startTestContext();
});
afterAll(() => ctx?.close());

const text = fc.string({ unit: 'binary', maxLength: 40 }).map((s) => s.replaceAll('\u0000', ''));
const score = (max: number) =>
  fc.option(
    fc.integer({ min: 0, max: max * 100 }).map((n) => n / 100),
    { nil: null },
  );

const card = fc.record({
  title: text.filter((t) => t.trim().length > 0),
  summary: text,
  categories: fc.array(text, { maxLength: 3 }),
  key_strengths: fc.array(text, { maxLength: 3 }),
  profit_potential: fc.constantFrom('Very High', 'High', 'Medium', 'Low', 'Speculative', null),
  profit_score: score(10),
  problem_severity_score: score(10),
  market_demand_score: score(10),
  monetization_score: score(10),
  implementation_score: score(10),
  overall_score: score(5),
  editor_pick: fc.boolean(),
  editor_pick_message: fc.option(text, { nil: null }),
  upvotes: fc.nat({ max: 100_000 }),
  downvotes: fc.nat({ max: 100_000 }),
  source_domain: text,
  // Microseconds since 1970 up to 2100: PostgreSQL keeps them, a card shows milliseconds.
  created_micros: fc.bigInt({ min: 0n, max: 4_102_444_800_000_000n }),
});

describe('a card written by PostgreSQL', () => {
  it('is the text JSON.stringify makes of presentIdeaCard for the same row, for any text, score, count and time', async () => {
    await fc.assert(
      fc.asyncProperty(card, async ({ created_micros, ...values }) => {
        const { id } = await buildKnowledge(ctx.app, { title: values.title });
        await ctx.app.db
          .updateTable('knowledge')
          .set({ ...values, created_at: sql`to_timestamp(0) + ${String(created_micros)} * interval '1 microsecond'` })
          .where('id', '=', id)
          .execute();
        const row = await ctx.app.db
          .selectFrom('knowledge')
          .select([...CARD_COLUMNS, CARD_JSON.as('card')])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const { card: json, ...columns } = row;
        expect(json).toBe(JSON.stringify(presentIdeaCard(columns)));
      }),
      { numRuns: 60 },
    );
  });
});
