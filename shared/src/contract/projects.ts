import { z } from 'zod';
import { idParam, MAX_ID, orderQuery, pageQuery, text } from './common';
import { ideaCardSchema } from './public';

// Projects (spec s1, s2 /my/projects, /shared/{token}): a user's collection of ideas with notes,
// shareable read-only by link.

export const PROJECT_MAX_IDEAS = 100;
export const PROJECT_MAX_PER_USER = 200;
/** Share tokens are 32 random bytes in base64url (43 characters); anything far off is not one. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,128}$/;

const knowledgeId = (field: string) =>
  z
    .number({ error: `${field} must be a positive whole number` })
    .int({ error: `${field} must be a positive whole number` })
    .positive({ error: `${field} must be a positive whole number` })
    .max(MAX_ID, { error: `${field} must be a positive whole number` });

const projectFields = {
  name: text('name', 120).pipe(z.string().min(1, { error: 'name is required' })),
  description: text('description', 2000),
  notes: text('notes', 10_000),
};

export const createProjectBody = z
  .strictObject({
    name: projectFields.name,
    description: projectFields.description.default(''),
    notes: projectFields.notes.default(''),
    knowledge_ids: z
      .array(knowledgeId('knowledge_ids'), { error: 'knowledge_ids must be a list of idea ids' })
      .max(PROJECT_MAX_IDEAS, { error: `knowledge_ids may hold at most ${PROJECT_MAX_IDEAS} ids` })
      .refine((ids) => new Set(ids).size === ids.length, { error: 'knowledge_ids must not repeat an id' })
      .default([]),
  })
  .meta({ id: 'CreateProject' });
export type CreateProjectBody = z.infer<typeof createProjectBody>;

export const updateProjectBody = z
  .strictObject({
    name: projectFields.name.optional(),
    description: projectFields.description.optional(),
    notes: projectFields.notes.optional(),
  })
  .meta({ id: 'UpdateProject' });
export type UpdateProjectBody = z.infer<typeof updateProjectBody>;

export const attachIdeaBody = z
  .strictObject({
    knowledge_id: knowledgeId('knowledge_id'),
    note: text('note', 2000).default(''),
  })
  .meta({ id: 'AttachProjectIdea' });

export const updateProjectIdeaBody = z
  .strictObject({
    note: text('note', 2000).optional(),
    position: z
      .number({ error: `position must be a whole number from 1 to ${PROJECT_MAX_IDEAS}` })
      .int({ error: `position must be a whole number from 1 to ${PROJECT_MAX_IDEAS}` })
      .min(1, { error: `position must be a whole number from 1 to ${PROJECT_MAX_IDEAS}` })
      .max(PROJECT_MAX_IDEAS, { error: `position must be a whole number from 1 to ${PROJECT_MAX_IDEAS}` })
      .optional(),
  })
  .meta({ id: 'UpdateProjectIdea' });

export const PROJECT_SORTS = ['updated_at', 'created_at', 'name'] as const;
export const listProjectsQuery = z.strictObject({
  ...pageQuery,
  search: text('search', 120).optional(),
  sort: z.enum(PROJECT_SORTS, { error: `sort must be one of ${PROJECT_SORTS.join(', ')}` }).default('updated_at'),
  order: orderQuery.optional(),
});
export type ListProjectsQuery = z.infer<typeof listProjectsQuery>;

export const projectIdeaParams = z.strictObject({
  id: idParam.shape.id,
  knowledgeId: z.coerce
    .number({ error: 'knowledgeId must be a positive whole number' })
    .int({ error: 'knowledgeId must be a positive whole number' })
    .positive({ error: 'knowledgeId must be a positive whole number' })
    .max(MAX_ID, { error: 'knowledgeId must be a positive whole number' }),
});

export const shareTokenParam = z.strictObject({
  token: z
    .string({ error: 'token must be a share token' })
    .regex(SHARE_TOKEN_PATTERN, { error: 'token must be a share token' }),
});

export const shareLinkSchema = z
  .object({
    token: z.string(),
    /** The portal path of the shared view: /shared/{token}. */
    url: z.string(),
    shared_at: z.string(),
  })
  .meta({ id: 'ShareLink' });

export const projectSummarySchema = z
  .object({
    id: z.number(),
    name: z.string(),
    description: z.string(),
    idea_count: z.number(),
    is_shared: z.boolean(),
    shared_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'ProjectSummary' });
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** An idea card as it sits in a project: the attachment's note, position and time added. */
export const projectIdeaSchema = ideaCardSchema
  .extend({ note: z.string(), position: z.number(), added_at: z.string() })
  .meta({ id: 'ProjectIdea' });
export type ProjectIdea = z.infer<typeof projectIdeaSchema>;

export const projectSchema = projectSummarySchema
  .extend({ notes: z.string(), share: shareLinkSchema.nullable(), ideas: z.array(projectIdeaSchema) })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

/** What a share link shows: no private notes, no owner email, only public ideas. */
export const sharedProjectSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    owner: z.object({ display_name: z.string() }),
    shared_at: z.string(),
    updated_at: z.string(),
    ideas: z.array(projectIdeaSchema),
  })
  .meta({ id: 'SharedProject' });
export type SharedProject = z.infer<typeof sharedProjectSchema>;
