import type { Project, ProjectIdea, ProjectSummary, SharedProject } from '@ideamine/shared/contract/projects';
import type { ProjectIdeaRow, ProjectRow } from '@ideamine/server/queries/projects';
import { presentIdeaCard } from './public-idea';
import { iso } from './time';

/** The portal route of the shared view. */
export const sharePath = (token: string) => `/shared/${token}`;

export function presentShareLink(p: Pick<ProjectRow, 'share_token' | 'shared_at'>) {
  return p.share_token && p.shared_at
    ? { token: p.share_token, url: sharePath(p.share_token), shared_at: p.shared_at.toISOString() }
    : null;
}

export function presentProjectSummary(p: ProjectRow & { idea_count: number | string }): ProjectSummary {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    idea_count: Number(p.idea_count),
    is_shared: p.share_token !== null,
    shared_at: iso(p.shared_at),
    created_at: p.created_at.toISOString(),
    updated_at: p.updated_at.toISOString(),
  };
}

export function presentProjectIdea(r: ProjectIdeaRow): ProjectIdea {
  const { note, position, added_at, ...card } = r;
  return { ...presentIdeaCard(card), note, position, added_at: added_at.toISOString() };
}

/** The owner's view: everything, with the share link when there is one. */
export function presentProject(p: ProjectRow, ideas: ProjectIdeaRow[]): Project {
  return {
    ...presentProjectSummary({ ...p, idea_count: ideas.length }),
    notes: p.notes,
    share: presentShareLink(p),
    ideas: ideas.map(presentProjectIdea),
  };
}

/** The share link's view: no private notes, no ids, no email; the owner by first name or username. */
export function presentSharedProject(
  p: {
    name: string;
    description: string;
    shared_at: Date | null;
    updated_at: Date;
    first_name: string;
    username: string;
  },
  ideas: ProjectIdeaRow[],
): SharedProject {
  return {
    name: p.name,
    description: p.description,
    owner: { display_name: p.first_name.trim() || p.username },
    shared_at: (p.shared_at ?? p.updated_at).toISOString(),
    updated_at: p.updated_at.toISOString(),
    ideas: ideas.map(presentProjectIdea),
  };
}
