import { z } from 'zod';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import {
  historyQuery,
  ideaInputBody,
  ideaStormAnalysisSchema,
  publicSubmitBody,
} from '@ideamine/shared/contract/idea-storm';
import { paginate } from '@ideamine/shared/envelope';
import { PUBLIC, SIGNED_IN } from '@ideamine/shared/permissions';
import type { IdeaEvaluation } from '@ideamine/server/llm/evaluate-idea';
import { consume } from '@ideamine/server/auth/throttle';
import { runIdeaStorm, saveAsIdea } from '@ideamine/server/commands/idea-storm';
import type { AppContext } from '@ideamine/server/context';
import { ApiError, notFound } from '@ideamine/server/errors';
import { presentIdeaStorm } from '../../presenters/idea-storm';
import { pageOf } from '@ideamine/server/queries/paging';
import { defineRoute, ok } from '../define';

const tag = 'Idea Storm';

/** Public submissions cost LLM time: a fixed number per address per hour. */
const throttleVisitor = (app: AppContext, ip: string | null) =>
  consume(app.db, {
    key: `idea-storm:ip:${ip ?? 'unknown'}`,
    limit: app.config.ideaStormMaxPerIp,
    seconds: 3600,
    message: 'Too many idea submissions from this address.',
  });

export const ideaStormRoutes = [
  defineRoute({
    id: 'idea_storm.analyze',
    method: 'POST',
    path: '/idea-storm/analyze',
    summary: 'Analyse your idea: summary, categories, sub-scores, profit score and label, innovation scores, advice',
    tag,
    requirement: SIGNED_IN,
    body: ideaInputBody,
    response: ideaStormAnalysisSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) =>
      ok(presentIdeaStorm(await runIdeaStorm(app, auth!.user.id, 'analyze', body))),
  }),

  defineRoute({
    id: 'idea_storm.enhance',
    method: 'POST',
    path: '/idea-storm/enhance',
    summary: 'Rewrite your idea as a sharper pitch (problem, solution, customers, money) with what is missing',
    tag,
    requirement: SIGNED_IN,
    body: ideaInputBody,
    response: ideaStormAnalysisSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) =>
      ok(presentIdeaStorm(await runIdeaStorm(app, auth!.user.id, 'enhance', body))),
  }),

  defineRoute({
    id: 'idea_storm.history',
    method: 'GET',
    path: '/idea-storm/history',
    summary: 'Your own analyses and rewrites, newest first',
    tag,
    requirement: SIGNED_IN,
    query: historyQuery,
    response: z.array(ideaStormAnalysisSchema),
    handler: async ({ app, auth, query }) => {
      let base = app.db.selectFrom('idea_storm_analyses').where('user_id', '=', auth!.user.id);
      if (query.kind) base = base.where('kind', '=', query.kind);
      const { rows, total } = await pageOf(
        base,
        (b) => b.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
        query,
      );
      return ok(rows.map(presentIdeaStorm), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'idea_storm.delete',
    method: 'DELETE',
    path: '/idea-storm/:id',
    summary: 'Delete one of your analyses (an idea you kept from it stays)',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params }) => {
      const r = await app.db
        .deleteFrom('idea_storm_analyses')
        .where('id', '=', params.id)
        .where('user_id', '=', auth!.user.id)
        .executeTakeFirst();
      if (r.numDeletedRows === 0n) throw notFound('Analysis');
      return ok({ message: 'Analysis deleted' });
    },
  }),

  defineRoute({
    id: 'public.idea_storm.submit',
    method: 'POST',
    path: '/public/idea-storm/submit',
    summary:
      'Submit an idea for analysis without an account (limited per address per hour); signed-in callers may keep it as their idea (save_as_idea)',
    tag,
    requirement: PUBLIC,
    body: publicSubmitBody,
    response: ideaStormAnalysisSchema,
    successStatus: 201,
    handler: async ({ app, auth, body, client }) => {
      if (body.save_as_idea && !auth) throw new ApiError('UNAUTHENTICATED', 'Sign in to keep the idea as yours');
      await throttleVisitor(app, client.ip);
      const input = { title: body.title, description: body.description, target_market: body.target_market };
      const row = await runIdeaStorm(app, auth?.user.id ?? null, 'analyze', input);
      if (body.save_as_idea && auth) {
        const idea = await saveAsIdea(app, auth.user.id, row.id, input, row.result as IdeaEvaluation, body.visibility);
        row.knowledge_id = idea.id;
      }
      return ok(presentIdeaStorm(row));
    },
  }),

  defineRoute({
    id: 'public.idea_storm.enhance',
    method: 'POST',
    path: '/public/idea-storm/enhance',
    summary: 'Rewrite an idea as a sharper pitch without an account (limited per address per hour)',
    tag,
    requirement: PUBLIC,
    body: ideaInputBody,
    response: ideaStormAnalysisSchema,
    successStatus: 201,
    handler: async ({ app, auth, body, client }) => {
      await throttleVisitor(app, client.ip);
      return ok(presentIdeaStorm(await runIdeaStorm(app, auth?.user.id ?? null, 'enhance', body)));
    },
  }),
];
