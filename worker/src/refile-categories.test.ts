import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import type { AppContext } from '@ideamine/server/context';
import { updateKnowledge } from '@ideamine/server/commands/knowledge';
import { ideaModel } from '@ideamine/server/llm/idea-model/model';
import { LocalProvider } from '@ideamine/server/llm/local';
import type { LlmProvider } from '@ideamine/server/llm/provider';
import { refilingProgress } from '@ideamine/server/queries/category-refiling';
import { useTestDatabase } from '@ideamine/server/test/database';
import { buildKnowledge, buildUser } from '@ideamine/server/test/factories';
import type { WorkerContext } from './context';
import { refileCategories } from './jobs/refile-categories';

// Filing ideas again after the category rules changed: a sweep a batch at a time, with its
// progress on the dashboard; operators' choices, OpenAI-enriched ideas and deleted ideas are left
// alone, and a change of the categories' keywords starts the sweep again.

const db = useTestDatabase(4);
const app = () => ({ db: db() }) as unknown as AppContext;
// No watchlist here sends webhooks, so matching never asks the queue for anything: no pg-boss.
const workerWith = (provider: Pick<LlmProvider, 'name'>) =>
  ({ db: db(), log: pino({ level: 'silent' }), llm: async () => provider }) as unknown as WorkerContext;
const local = () => workerWith(new LocalProvider());

const state = () => db().selectFrom('category_refiling').selectAll().executeTakeFirstOrThrow();
const categoriesOf = async (id: number) =>
  (await db().selectFrom('knowledge').select('categories').where('id', '=', id).executeTakeFirstOrThrow()).categories;
/** An idea as the pipeline leaves it: enriched, and scored by the local model. */
const idea = (title: string, body: string, categories: string[], more: { model_version?: string } = {}) =>
  buildKnowledge(app(), { title, body, categories, model_version: ideaModel().version, ...more });

describe('re-filing ideas under changed category rules', () => {
  it('adopts the current rules on a fresh install, with nothing to file again', async () => {
    expect((await state()).rules).toBeNull();
    expect(await refileCategories(local())).toEqual({ checked: 0, moved: 0 });
    const after = await state();
    expect(after.rules).toMatch(/^categories-[0-9a-f]{12}$/);
    expect(after.finished_at).not.toBeNull();
    expect(await refilingProgress(db())).toBeNull();
  });

  it('files older ideas again a batch a tick, leaving alone what it must, and shows how far it has come', async () => {
    const shop = await idea('An online store for handmade soap', 'Makers sell soap in one place.', ['fintech']);
    const filedRight = await idea('A recipe planner', 'Plan every meal of the week with recipes.', [
      'food',
      'productivity',
    ]);
    const chosen = await idea('A store for gardeners', 'Seeds and tools.', ['saas']);
    const byOpenAi = await idea('An online store for candles', 'Candles sold online.', ['saas'], {
      model_version: 'gpt-4o-mini',
    });
    const deleted = await idea('An online store for hats', 'Hats sold online.', ['saas']);
    const mug = await idea('An online store for mugs', 'Mugs sold online.', ['travel']);
    await db().updateTable('knowledge').set({ deleted_at: new Date() }).where('id', '=', deleted.id).execute();
    const operator = await buildUser(app(), { role: 'admin' });
    await updateKnowledge(db(), { id: operator.id, ip: '127.0.0.1', requestId: 'test' }, chosen.id, {
      categories: ['community'],
    });
    const watcher = await buildUser(app());
    const shops = await db()
      .insertInto('watchlists')
      .values({
        user_id: watcher.id,
        name: 'Shops',
        categories: ['ecommerce'],
        sources: [],
        feed_token: randomBytes(16).toString('hex'),
        email_token: randomBytes(16).toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // As after an upgrade from before the rules were recorded.
    await db().updateTable('category_refiling').set({ rules: 'before 0042', finished_at: null }).execute();

    // A sweep is only shown once it has begun.
    expect(await refilingProgress(db())).toBeNull();
    // Two ideas a tick: the shop and the recipe planner (the chosen, OpenAI and deleted ones are skipped).
    expect(await refileCategories(local(), 2)).toEqual({ checked: 2, moved: 1 });
    expect(await categoriesOf(shop.id)).toEqual(['ecommerce']);
    expect(await categoriesOf(filedRight.id)).toEqual(['food', 'productivity']);
    const halfway = (await refilingProgress(db()))!;
    expect(halfway.moved).toBe(1);
    expect(halfway.percent_done).toBeGreaterThan(0);
    expect(halfway.percent_done).toBeLessThan(100);

    expect(await refileCategories(local(), 2)).toEqual({ checked: 1, moved: 1 });
    expect(await categoriesOf(mug.id)).toEqual(['ecommerce']);
    expect(await refilingProgress(db())).toBeNull();
    expect(await state()).toMatchObject({ moved: 2, next_id: mug.id + 1 });
    expect((await state()).finished_at).not.toBeNull();
    // Done: later ticks look at nothing.
    expect(await refileCategories(local(), 2)).toEqual({ checked: 0, moved: 0 });

    // The ideas now filed under a watched category are new matches of that watchlist.
    const matched = await db()
      .selectFrom('watchlist_matches')
      .select('knowledge_id')
      .where('watchlist_id', '=', shops.id)
      .orderBy('knowledge_id')
      .execute();
    expect(matched.map((m) => m.knowledge_id)).toEqual([shop.id, mug.id]);

    expect(await categoriesOf(chosen.id)).toEqual(['community']);
    expect(await categoriesOf(byOpenAi.id)).toEqual(['saas']);
    expect(await categoriesOf(deleted.id)).toEqual(['saas']);
  });

  it('starts again when a category gains a keyword, and files ideas under it', async () => {
    const soap = await idea('Soap subscription', 'Handmade soap every month.', ['saas']);
    await refileCategories(local());
    expect(await categoriesOf(soap.id)).toEqual(['saas']);
    const before = (await state()).rules;

    await db()
      .updateTable('categories')
      .set({ keywords: ['health', 'fitness', 'soap'] })
      .where('slug', '=', 'health')
      .execute();
    // Every idea is looked at again: the soap shop of the test before moves too.
    expect(await refileCategories(local())).toMatchObject({ moved: 2 });
    expect(await categoriesOf(soap.id)).toEqual(['health', 'saas']);
    const after = await state();
    expect(after.rules).not.toBe(before);
    expect(after).toMatchObject({ moved: 2 });
  });

  it('files nothing again while the OpenAI-compatible provider is in use', async () => {
    const candle = await idea('An online store for lamps', 'Lamps sold online.', ['travel']);
    await db().updateTable('category_refiling').set({ rules: 'earlier rules', finished_at: null }).execute();
    expect(await refileCategories(workerWith({ name: 'openai' }))).toEqual({ checked: 0, moved: 0 });
    expect(await categoriesOf(candle.id)).toEqual(['travel']);
    expect((await state()).rules).toBe('earlier rules');
  });

  it("marks an operator's choice of categories, and only that", async () => {
    const operator = await buildUser(app(), { role: 'admin' });
    const actor = { id: operator.id, ip: '127.0.0.1', requestId: 'test' };
    const renamed = await idea('A tool', 'Body.', ['saas']);
    await updateKnowledge(db(), actor, renamed.id, { title: 'A better tool' });
    const edited = async (id: number) =>
      (await db().selectFrom('knowledge').select('categories_edited_at').where('id', '=', id).executeTakeFirstOrThrow())
        .categories_edited_at;
    expect(await edited(renamed.id)).toBeNull();
    await updateKnowledge(db(), actor, renamed.id, { categories: ['fintech'] });
    expect(await edited(renamed.id)).not.toBeNull();
  });
});
