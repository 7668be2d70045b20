import { z } from 'zod';
import { idParam, messageSchema } from '@ideamine/shared/contract/common';
import {
  attachIdeaBody,
  createProjectBody,
  listProjectsQuery,
  projectIdeaParams,
  projectSchema,
  projectSummarySchema,
  shareLinkSchema,
  updateProjectBody,
  updateProjectIdeaBody,
} from '@ideamine/shared/contract/projects';
import { paginate } from '@ideamine/shared/envelope';
import { role } from '@ideamine/shared/permissions';
import {
  attachIdea,
  createProject,
  deleteProject,
  detachIdea,
  shareProject,
  unshareProject,
  updateProject,
  updateProjectIdea,
} from '@ideamine/server/commands/projects';
import type { Db } from '@ideamine/server/db/database';
import { notFound } from '@ideamine/server/errors';
import { presentProject, presentProjectSummary, presentShareLink } from '../../presenters/project';
import { findOwnProject, listProjects, projectIdeas } from '@ideamine/server/queries/projects';
import { defineRoute, ok } from '../define';

// Projects (spec s2: role trial or higher): the caller's own collections of ideas. Another
// user's project answers 404, as if it did not exist.

const tag = 'Projects';
const trial = role('trial');

async function ownProject(db: Db, userId: number, id: number) {
  const row = await findOwnProject(db, userId, id);
  if (!row) throw notFound('Project');
  return presentProject(row, await projectIdeas(db, row.id, userId));
}

export const projectRoutes = [
  defineRoute({
    id: 'projects.list',
    method: 'GET',
    path: '/projects',
    summary:
      "The caller's projects with idea counts and share status; search by name, sort by updated_at, created_at or name",
    tag,
    requirement: trial,
    query: listProjectsQuery,
    response: z.array(projectSummarySchema),
    handler: async ({ app, auth, query }) => {
      const { rows, total } = await listProjects(app.db, auth!.user.id, query);
      return ok(rows.map(presentProjectSummary), { pagination: paginate(total, query.page, query.page_size) });
    },
  }),

  defineRoute({
    id: 'projects.create',
    method: 'POST',
    path: '/projects',
    summary: 'Create a project, optionally with ideas (knowledge_ids, public or your own)',
    tag,
    requirement: trial,
    body: createProjectBody,
    response: projectSchema,
    successStatus: 201,
    handler: async ({ app, auth, body }) => {
      const row = await createProject(app.db, auth!.user.id, body);
      return ok(await ownProject(app.db, auth!.user.id, row.id));
    },
  }),

  defineRoute({
    id: 'projects.get',
    method: 'GET',
    path: '/projects/:id',
    summary: 'One of your projects with its ideas (idea cards with note, position and added_at) and share link',
    tag,
    requirement: trial,
    params: idParam,
    response: projectSchema,
    handler: async ({ app, auth, params }) => ok(await ownProject(app.db, auth!.user.id, params.id)),
  }),

  defineRoute({
    id: 'projects.update',
    method: 'PUT',
    path: '/projects/:id',
    summary: "Change a project's name, description or notes",
    tag,
    requirement: trial,
    params: idParam,
    body: updateProjectBody,
    response: projectSchema,
    handler: async ({ app, auth, params, body }) => {
      await updateProject(app.db, auth!.user.id, params.id, body);
      return ok(await ownProject(app.db, auth!.user.id, params.id));
    },
  }),

  defineRoute({
    id: 'projects.delete',
    method: 'DELETE',
    path: '/projects/:id',
    summary: 'Delete a project (its share link stops working)',
    tag,
    requirement: trial,
    params: idParam,
    response: messageSchema,
    handler: async ({ app, auth, params }) => {
      await deleteProject(app.db, auth!.user.id, params.id);
      return ok({ message: 'Project deleted' });
    },
  }),

  defineRoute({
    id: 'projects.ideas.add',
    method: 'POST',
    path: '/projects/:id/ideas',
    summary: 'Add an idea (public, or your own) with an optional note; answers the project',
    tag,
    requirement: trial,
    params: idParam,
    body: attachIdeaBody,
    response: projectSchema,
    successStatus: 201,
    handler: async ({ app, auth, params, body }) => {
      await attachIdea(app.db, auth!.user.id, params.id, body.knowledge_id, body.note);
      return ok(await ownProject(app.db, auth!.user.id, params.id));
    },
  }),

  defineRoute({
    id: 'projects.ideas.update',
    method: 'PUT',
    path: '/projects/:id/ideas/:knowledgeId',
    summary: "Change an idea's note in a project, or move it to a position (1 is first); answers the project",
    tag,
    requirement: trial,
    params: projectIdeaParams,
    body: updateProjectIdeaBody,
    response: projectSchema,
    handler: async ({ app, auth, params, body }) => {
      await updateProjectIdea(app.db, auth!.user.id, params.id, params.knowledgeId, body);
      return ok(await ownProject(app.db, auth!.user.id, params.id));
    },
  }),

  defineRoute({
    id: 'projects.ideas.remove',
    method: 'DELETE',
    path: '/projects/:id/ideas/:knowledgeId',
    summary: 'Take an idea out of a project; answers the project',
    tag,
    requirement: trial,
    params: projectIdeaParams,
    response: projectSchema,
    handler: async ({ app, auth, params }) => {
      await detachIdea(app.db, auth!.user.id, params.id, params.knowledgeId);
      return ok(await ownProject(app.db, auth!.user.id, params.id));
    },
  }),

  defineRoute({
    id: 'projects.share',
    method: 'POST',
    path: '/projects/:id/share',
    summary: 'Share a project by link: creates the link (201) or returns the existing one (200)',
    tag,
    requirement: trial,
    params: idParam,
    response: shareLinkSchema,
    handler: async ({ app, auth, params }) => {
      const { row, created } = await shareProject(app.db, auth!.user.id, params.id);
      return { data: presentShareLink(row)!, status: created ? 201 : 200 };
    },
  }),

  defineRoute({
    id: 'projects.unshare',
    method: 'DELETE',
    path: '/projects/:id/share',
    summary: 'Revoke the share link: the old link stops working at once; answers the project',
    tag,
    requirement: trial,
    params: idParam,
    response: projectSchema,
    handler: async ({ app, auth, params }) => {
      await unshareProject(app.db, auth!.user.id, params.id);
      return ok(await ownProject(app.db, auth!.user.id, params.id));
    },
  }),
];
