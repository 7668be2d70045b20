import { randomBytes } from 'node:crypto';
import { createAvatar } from '../commands/avatars';
import { createProject, shareProject } from '../commands/projects';
import type { AppContext } from '../context';
import { TINY_PNG } from './images';

/** A project of the user, with the given ideas attached, optionally shared. */
export async function buildProject(
  app: AppContext,
  userId: number,
  o: { knowledgeIds?: number[]; shared?: boolean; name?: string } = {},
) {
  const project = await createProject(app.db, userId, {
    name: o.name ?? `Project ${randomBytes(3).toString('hex')}`,
    description: 'A test project',
    notes: 'private notes',
    knowledge_ids: o.knowledgeIds ?? [],
  });
  if (!o.shared) return { ...project, token: null };
  const { row } = await shareProject(app.db, userId, project.id);
  return { ...row, token: row.share_token! };
}

/** An avatar of the user, with a stored PNG when `image` is set. */
export function buildAvatar(app: AppContext, userId: number, o: { image?: boolean; name?: string } = {}) {
  return createAvatar(
    app,
    userId,
    {
      name: o.name ?? `Persona ${randomBytes(3).toString('hex')}`,
      description: '',
      demographics: {},
      goals: [],
      pain_points: [],
    },
    o.image ? { field: 'profile_file', bytes: TINY_PNG } : null,
  );
}
