import { z } from 'zod';
import { highPotentialIdeaSchema, ideaCardSchema } from './public';

// The user dashboard of spec s2/s3: what a signed-in user sees about their own ideas.

export const personalStatsSchema = z
  .object({
    total_submissions: z.number(),
    public_submissions: z.number(),
    private_submissions: z.number(),
    high_potential_ideas: z.number(),
    average_score: z.number(),
    top_score: z.number(),
    recent_activity: z.number(),
    total_upvotes: z.number(),
    total_downvotes: z.number(),
    net_vote_score: z.number(),
  })
  .meta({ id: 'PersonalStats' });

export const quickActionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    icon: z.string(),
    url: z.string(),
    type: z.enum(['primary', 'secondary']),
  })
  .meta({ id: 'QuickAction' });

export const userOverviewSchema = z
  .object({
    recent_submissions: z.array(ideaCardSchema.extend({ visibility: z.enum(['public', 'private']) })),
    high_potential_ideas: z.array(highPotentialIdeaSchema),
    personal_stats: personalStatsSchema,
    quick_actions: z.array(quickActionSchema),
    timestamp: z.string(),
  })
  .meta({ id: 'UserOverview' });

export const userStatsSchema = z
  .object({
    votes_cast: z.number(),
    upvotes_cast: z.number(),
    downvotes_cast: z.number(),
    app_requests: z.number(),
    implementations: z.number(),
    ideas_viewed: z.number(),
    views_received: z.number(),
    idea_storm_analyses: z.number(),
    /** The caller's projects. */
    projects: z.number(),
    member_since: z.string(),
    timestamp: z.string(),
  })
  .meta({ id: 'UserStats' });
