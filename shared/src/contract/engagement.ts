import { z } from 'zod';
import { MAX_ID, text } from './common';

// Votes, views, app requests and implementations on one idea (spec s3, s4, s7).

export const VOTE_TYPES = ['upvote', 'downvote'] as const;
export const voteBody = z
  .strictObject({
    vote_type: z.enum(VOTE_TYPES, { error: 'vote_type must be upvote or downvote' }),
  })
  .meta({ id: 'VoteRequest' });

export const voteStateSchema = z
  .object({
    knowledge_id: z.number(),
    vote_type: z.enum(VOTE_TYPES).nullable(),
    upvotes: z.number(),
    downvotes: z.number(),
    vote_score: z.number(),
  })
  .meta({ id: 'VoteState' });

export const voteStatsSchema = z
  .object({
    knowledge_id: z.number(),
    upvotes: z.number(),
    downvotes: z.number(),
    vote_score: z.number(),
    total_votes: z.number(),
    upvote_percentage: z.number(),
  })
  .meta({ id: 'VoteStats' });

export const engagementStatsSchema = z
  .object({
    knowledge_id: z.number(),
    views: z.number(),
    unique_viewers: z.number(),
    engaged_views: z.number(),
    average_time_on_page_ms: z.number(),
    upvotes: z.number(),
    downvotes: z.number(),
    vote_score: z.number(),
    app_requests: z.number(),
    implementations: z.number(),
  })
  .meta({ id: 'EngagementStats' });

export const timeOnPageBody = z
  .strictObject({
    view_token: text('view_token', 64).pipe(z.string().min(1, { error: 'view_token is required' })),
    time_on_page_ms: z
      .number({ error: 'time_on_page_ms must be a number of milliseconds' })
      .int({ error: 'time_on_page_ms must be a whole number of milliseconds' })
      .min(0, { error: 'time_on_page_ms must not be negative' })
      .max(86_400_000, { error: 'time_on_page_ms must be at most one day' }),
  })
  .meta({ id: 'TimeOnPage' });
export const timeOnPageResultSchema = z.object({ recorded: z.boolean() }).meta({ id: 'TimeOnPageResult' });

export const appRequestBody = z.strictObject({ message: text('message', 1000).optional() }).meta({ id: 'AppRequest' });

const httpUrl = text('url', 2000).refine((v) => /^https?:\/\/[^\s]+$/i.test(v) && URL.canParse(v), {
  error: 'url must be an http(s) address',
});
export const implementationBody = z
  .strictObject({ url: httpUrl.optional(), notes: text('notes', 2000).optional() })
  .meta({ id: 'Implementation' });

export const interestSchema = z
  .object({
    knowledge_id: z.number(),
    app_requested: z.boolean().optional(),
    implementing: z.boolean().optional(),
    app_requests: z.number(),
    implementations: z.number(),
  })
  .meta({ id: 'IdeaInterest' });

// Admin actions on one idea.

export const editorPickBody = z.strictObject({ message: text('message', 500).optional() }).meta({ id: 'EditorPick' });
export const visibilityBody = z
  .strictObject({ visibility: z.enum(['public', 'private'], { error: 'visibility must be public or private' }) })
  .meta({ id: 'Visibility' });
export const ownershipBody = z
  .strictObject({
    user_id: z
      .number({ error: 'user_id must be a user id or null' })
      .int({ error: 'user_id must be a user id or null' })
      .positive({ error: 'user_id must be a user id or null' })
      .max(MAX_ID, { error: 'user_id must be a user id or null' })
      .nullable(),
  })
  .meta({ id: 'Ownership' });
