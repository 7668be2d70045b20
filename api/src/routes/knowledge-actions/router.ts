import { percentOf } from '@ideamine/shared/trend';
import { idParam } from '@ideamine/shared/contract/common';
import {
  appRequestBody,
  engagementStatsSchema,
  implementationBody,
  interestSchema,
  timeOnPageBody,
  timeOnPageResultSchema,
  voteBody,
  voteStateSchema,
  voteStatsSchema,
} from '@ideamine/shared/contract/engagement';
import { PUBLIC, SIGNED_IN } from '@ideamine/shared/permissions';
import {
  markImplementing,
  recordTimeOnPage,
  requestApp,
  unmarkImplementing,
} from '@ideamine/server/commands/engagement';
import { castVote } from '@ideamine/server/commands/vote';
import { notFound } from '@ideamine/server/errors';
import type { AuthState } from '../../middlewares/authenticate';
import { engagementStats, interestCounts } from '@ideamine/server/queries/engagement';
import { visibleToCaller } from '@ideamine/server/queries/knowledge-visibility';
import type { AppContext } from '@ideamine/server/context';
import { defineRoute, ok } from '../define';

// What visitors and users do on one idea: vote, report time on page, ask for an app, say they
// are building it. Every call first checks the caller may see the idea.

const tag = 'Idea actions';

async function visibleIdea(app: AppContext, auth: AuthState | null, id: number) {
  const row = await app.db
    .selectFrom('knowledge')
    .select(['id', 'upvotes', 'downvotes'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where(visibleToCaller(auth?.user ?? null))
    .executeTakeFirst();
  if (!row) throw notFound('Idea');
  return row;
}

export const knowledgeActionRoutes = [
  defineRoute({
    id: 'ideas.vote',
    method: 'POST',
    path: '/knowledge/:id/vote',
    summary: 'Vote: no vote adds one, the same type again removes it, the other type switches it',
    tag,
    requirement: SIGNED_IN,
    unauthenticatedMessage: 'Please sign in to vote',
    params: idParam,
    body: voteBody,
    response: voteStateSchema,
    handler: async ({ app, auth, params, body }) => ok(await castVote(app.db, auth!.user, params.id, body.vote_type)),
  }),

  defineRoute({
    id: 'ideas.vote.get',
    method: 'GET',
    path: '/knowledge/:id/vote',
    summary: "The caller's vote on an idea (vote_type null when none) and its counts",
    tag,
    requirement: SIGNED_IN,
    unauthenticatedMessage: 'Please sign in to vote',
    params: idParam,
    response: voteStateSchema,
    handler: async ({ app, auth, params }) => {
      const idea = await visibleIdea(app, auth, params.id);
      const vote = await app.db
        .selectFrom('knowledge_votes')
        .select('vote_type')
        .where('user_id', '=', auth!.user.id)
        .where('knowledge_id', '=', params.id)
        .executeTakeFirst();
      return ok({
        knowledge_id: idea.id,
        vote_type: vote?.vote_type ?? null,
        upvotes: idea.upvotes,
        downvotes: idea.downvotes,
        vote_score: idea.upvotes - idea.downvotes,
      });
    },
  }),

  defineRoute({
    id: 'ideas.vote_stats',
    method: 'GET',
    path: '/knowledge/:id/vote-stats',
    summary: 'Vote counts of an idea',
    tag,
    requirement: PUBLIC,
    params: idParam,
    response: voteStatsSchema,
    handler: async ({ app, auth, params }) => {
      const { id, upvotes, downvotes } = await visibleIdea(app, auth, params.id);
      const total = upvotes + downvotes;
      return ok({
        knowledge_id: id,
        upvotes,
        downvotes,
        vote_score: upvotes - downvotes,
        total_votes: total,
        upvote_percentage: percentOf(upvotes, total),
      });
    },
  }),

  defineRoute({
    id: 'ideas.engagement.record',
    method: 'POST',
    path: '/knowledge/:id/engagement',
    summary: 'Report time on page for a view (view_token from the detail call); 1000 ms or less is not engagement',
    tag,
    requirement: PUBLIC,
    params: idParam,
    body: timeOnPageBody,
    response: timeOnPageResultSchema,
    handler: async ({ app, params, body }) =>
      ok({ recorded: await recordTimeOnPage(app.db, params.id, body.view_token, body.time_on_page_ms) }),
  }),

  defineRoute({
    id: 'ideas.engagement_stats',
    method: 'GET',
    path: '/knowledge/:id/engagement-stats',
    summary: 'Views, unique viewers, average engaged time on page, votes, app requests, implementations',
    tag,
    requirement: PUBLIC,
    params: idParam,
    response: engagementStatsSchema,
    handler: async ({ app, auth, params }) => {
      await visibleIdea(app, auth, params.id);
      return ok(await engagementStats(app.db, params.id));
    },
  }),

  defineRoute({
    id: 'ideas.app_request',
    method: 'POST',
    path: '/knowledge/:id/app-request',
    summary: 'Ask for an app to be built from this idea (once per user; repeating changes nothing)',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    body: appRequestBody,
    response: interestSchema,
    handler: async ({ app, auth, params, body }) => {
      await visibleIdea(app, auth, params.id);
      const added = await requestApp(app.db, auth!.user.id, params.id, body.message ?? '');
      return {
        data: { knowledge_id: params.id, app_requested: true, ...(await interestCounts(app.db, params.id)) },
        status: added ? 201 : 200,
      };
    },
  }),

  defineRoute({
    id: 'ideas.implementation.add',
    method: 'POST',
    path: '/knowledge/:id/implementation',
    summary: 'Say you are building this idea (optional url and notes; repeating updates them)',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    body: implementationBody,
    response: interestSchema,
    handler: async ({ app, auth, params, body }) => {
      await visibleIdea(app, auth, params.id);
      await markImplementing(app.db, auth!.user.id, params.id, { url: body.url ?? null, notes: body.notes ?? '' });
      return ok({ knowledge_id: params.id, implementing: true, ...(await interestCounts(app.db, params.id)) });
    },
  }),

  defineRoute({
    id: 'ideas.implementation.remove',
    method: 'DELETE',
    path: '/knowledge/:id/implementation',
    summary: 'Stop marking this idea as one you are building',
    tag,
    requirement: SIGNED_IN,
    params: idParam,
    response: interestSchema,
    handler: async ({ app, auth, params }) => {
      await visibleIdea(app, auth, params.id);
      await unmarkImplementing(app.db, auth!.user.id, params.id);
      return ok({ knowledge_id: params.id, implementing: false, ...(await interestCounts(app.db, params.id)) });
    },
  }),
];
