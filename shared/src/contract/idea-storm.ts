import { z } from 'zod';
import { MAX_ID, pageQuery, text } from './common';
import { profitLabelSchema, scoreEvidenceSchema } from './knowledge';

// Idea Storm (a user's own idea, analysed or rewritten by the LLM providers) and profit analysis.

/** Idea Storm's rewrite of a raw idea into a sharper pitch; also what the providers must return. */
export const ideaEnhancementSchema = z
  .object({
    title: z.string().min(1).max(200),
    problem: z.string().min(1).max(1000),
    solution: z.string().min(1).max(1000),
    target_customers: z.string().min(1).max(500),
    monetization: z.string().min(1).max(500),
    enhanced_description: z.string().min(1).max(4000),
    suggestions: z.array(z.string().max(300)).max(8),
  })
  .meta({ id: 'IdeaEnhancement' });

export const ideaEvaluationSchema = z
  .object({
    summary: z.string(),
    categories: z.array(z.string()),
    keywords: z.array(z.string()),
    key_strengths: z.array(z.string()),
    problem_severity_score: z.number(),
    market_demand_score: z.number(),
    monetization_score: z.number(),
    implementation_score: z.number(),
    profit_score: z.number(),
    profit_potential: profitLabelSchema,
    business_model_innovation_score: z.number(),
    technology_innovation_score: z.number(),
    market_disruption_potential_score: z.number(),
    approach_novelty_score: z.number(),
    overall_score: z.number(),
    profit_breakdown: z.array(
      z.object({
        factor: z.string(),
        score: z.number().nullable(),
        weight: z.number().nullable(),
        contribution: z.number(),
      }),
    ),
    /** The sentences behind each sub-score; absent on analyses saved before scores carried them. */
    evidence: scoreEvidenceSchema.optional(),
    recommendations: z.array(z.string()),
    provider: z.string(),
    model: z.string(),
  })
  .meta({ id: 'IdeaEvaluation' });
export type IdeaEvaluation = z.infer<typeof ideaEvaluationSchema>;

const required = (field: string, min: number, max: number) =>
  text(field, max).pipe(z.string().min(min, { error: `${field} must be at least ${min} characters` }));

export const ideaInputBody = z
  .strictObject({
    title: required('title', 3, 200),
    description: required('description', 20, 5000),
    target_market: text('target_market', 200).optional(),
  })
  .meta({ id: 'IdeaInput' });

/** A visitor's submission; signed-in callers may keep it as one of their ideas. */
export const publicSubmitBody = ideaInputBody
  .extend({
    save_as_idea: z.boolean({ error: 'save_as_idea must be true or false' }).default(false),
    visibility: z.enum(['public', 'private'], { error: 'visibility must be public or private' }).default('private'),
  })
  .meta({ id: 'IdeaSubmission' });

export const ideaStormAnalysisSchema = z
  .object({
    id: z.number(),
    kind: z.enum(['analyze', 'enhance']),
    title: z.string(),
    description: z.string(),
    target_market: z.string().nullable(),
    result: z.union([ideaEvaluationSchema, ideaEnhancementSchema]),
    knowledge_id: z.number().nullable(),
    provider: z.string(),
    model: z.string(),
    created_at: z.string(),
  })
  .meta({ id: 'IdeaStormAnalysis' });

export const historyQuery = z.strictObject({
  ...pageQuery,
  kind: z.enum(['analyze', 'enhance'], { error: 'kind must be analyze or enhance' }).optional(),
});

const knowledgeId = z
  .number({ error: 'knowledge_id must be an idea id' })
  .int({ error: 'knowledge_id must be an idea id' })
  .positive({ error: 'knowledge_id must be an idea id' })
  .max(MAX_ID, { error: 'knowledge_id must be an idea id' });

export const profitAnalysisBody = z.strictObject({ knowledge_id: knowledgeId }).meta({ id: 'ProfitAnalysisRequest' });

export const MAX_BATCH_IDEAS = 100;
export const profitBatchBody = z
  .strictObject({
    knowledge_ids: z
      .array(knowledgeId, { error: 'knowledge_ids must be a list of idea ids' })
      .min(1, { error: 'knowledge_ids must not be empty' })
      .max(MAX_BATCH_IDEAS, { error: `knowledge_ids may hold at most ${MAX_BATCH_IDEAS} ids` }),
  })
  .meta({ id: 'ProfitBatchRequest' });

export const profitAnalysisSchema = z
  .object({
    id: z.number(),
    knowledge_id: z.number(),
    title: z.string(),
    status: z.enum(['completed', 'failed']),
    result: ideaEvaluationSchema.nullable(),
    error: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'ProfitAnalysis' });

export const profitBatchSchema = z
  .object({
    id: z.number(),
    status: z.enum(['pending', 'active', 'completed', 'failed']),
    total: z.number(),
    completed: z.number(),
    failed: z.number(),
    progress_percentage: z.number(),
    error: z.string().nullable(),
    created_at: z.string(),
    started_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    results: z.array(profitAnalysisSchema).optional(),
  })
  .meta({ id: 'ProfitBatch' });
