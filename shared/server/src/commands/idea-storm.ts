import { createHash, randomUUID } from 'node:crypto';
import { evaluateIdea, type IdeaEvaluation } from '../llm/evaluate-idea';
import { recordedCall } from '../llm/call-log';
import { slugify } from '@ideamine/shared/slug';
import type { AppContext } from '../context';
import { withProvider } from '../llm/run-llm';

// Idea Storm: a person's own idea analysed (scores, strengths, advice) or rewritten into a
// sharper pitch. Every run is kept so its author can find it in their history.

export interface IdeaInput {
  title: string;
  description: string;
  target_market?: string | undefined;
}

const asText = (i: IdeaInput) => ({
  title: i.title,
  body: i.target_market ? `${i.description}\n\nTarget market: ${i.target_market}` : i.description,
});

export async function runIdeaStorm(
  app: AppContext,
  userId: number | null,
  kind: 'analyze' | 'enhance',
  input: IdeaInput,
) {
  const { result, provider, model } = await withProvider(app, async (provider) => {
    const result =
      kind === 'analyze'
        ? await evaluateIdea(app.db, provider, asText(input), 'idea_storm')
        : await recordedCall(app.db, provider, 'idea_storm.enhance', null, () => provider.enhance(asText(input)));
    return { result, provider: provider.name, model: provider.model };
  });
  return app.db
    .insertInto('idea_storm_analyses')
    .values({
      user_id: userId,
      kind,
      title: input.title,
      description: input.description,
      target_market: input.target_market ?? null,
      result: JSON.stringify(result),
      provider,
      model,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Keeps an analysed submission as one of the user's ideas, scored like a crawled one. */
export async function saveAsIdea(
  app: AppContext,
  userId: number,
  analysisId: number,
  input: IdeaInput,
  e: IdeaEvaluation,
  visibility: 'public' | 'private',
) {
  return app.db.transaction().execute(async (trx) => {
    const now = new Date();
    const idea = await trx
      .insertInto('knowledge')
      .values({
        slug: slugify(input.title),
        title: input.title,
        summary: e.summary,
        body: asText(input).body,
        source_url: `urn:ideamine:submission:${randomUUID()}`,
        source_domain: 'ideamine',
        content_hash: createHash('sha256').update(`${input.title}\n${input.description}`).digest('hex'),
        user_id: userId,
        visibility,
        categories: e.categories,
        keywords: e.keywords,
        tags: e.keywords.slice(0, 6),
        key_strengths: e.key_strengths,
        profit_potential: e.profit_potential,
        profit_score: e.profit_score,
        problem_severity_score: e.problem_severity_score,
        market_demand_score: e.market_demand_score,
        monetization_score: e.monetization_score,
        implementation_score: e.implementation_score,
        overall_score: e.overall_score,
        business_model_innovation_score: e.business_model_innovation_score,
        technology_innovation_score: e.technology_innovation_score,
        market_disruption_potential_score: e.market_disruption_potential_score,
        approach_novelty_score: e.approach_novelty_score,
        enriched_at: now,
        analyzed_at: now,
      })
      .returning(['id', 'slug'])
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('idea_storm_analyses')
      .set({ knowledge_id: idea.id, updated_at: now })
      .where('id', '=', analysisId)
      .execute();
    return idea;
  });
}
