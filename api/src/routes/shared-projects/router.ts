import { sharedProjectSchema, shareTokenParam } from '@ideamine/shared/contract/projects';
import { PUBLIC } from '@ideamine/shared/permissions';
import { notFound } from '@ideamine/server/errors';
import { presentSharedProject } from '../../presenters/project';
import { findSharedProject, projectIdeas } from '@ideamine/server/queries/projects';
import { defineRoute, ok } from '../define';

// A project shared by link (spec s2 /shared/{token}): anyone with the link may read it. It shows
// only public ideas, even the owner's private ones stay out, and never the private notes.

export const sharedProjectRoutes = [
  defineRoute({
    id: 'shared.project',
    method: 'GET',
    path: '/shared/:token',
    summary: 'A shared project, read-only: name, description, owner name and its public ideas with notes',
    tag: 'Projects',
    requirement: PUBLIC,
    params: shareTokenParam,
    response: sharedProjectSchema,
    handler: async ({ app, params, koa }) => {
      // A revoked link must stop at once, so no cache may keep the page.
      koa.set('Cache-Control', 'no-store');
      const project = await findSharedProject(app.db, params.token);
      if (!project) throw notFound('Shared project');
      return ok(presentSharedProject(project, await projectIdeas(app.db, project.id, null)));
    },
  }),
];
