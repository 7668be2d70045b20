import { sql, type Selectable } from 'kysely';
import type { ListProjectsQuery } from '@ideamine/shared/contract/projects';
import type { Db } from '../db/database';
import type { ProjectsTable } from '../db/schema';
import { likePattern, pageOf } from './paging';
import { CARD_COLUMNS } from './public-cards';

// Reads of projects. A project belongs to one user; another user's project does not exist for
// them. The ideas a project shows are filtered when read, so an idea that was deleted, merged
// or made private since it was attached drops out by itself.

export type ProjectRow = Selectable<ProjectsTable>;

/**
 * Which attached ideas show: live ones that are public, plus, for the owner's own view, the
 * owner's private ideas. A share link passes null: only public ideas, even the owner's.
 */
function shown(ownerId: number | null) {
  const live = sql<boolean>`k.deleted_at IS NULL AND k.merged_into_id IS NULL`;
  return ownerId === null
    ? sql<boolean>`(${live} AND k.visibility = 'public')`
    : sql<boolean>`(${live} AND (k.visibility = 'public' OR k.user_id = ${ownerId}))`;
}

export function findOwnProject(db: Db, userId: number, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

const SORTS = { updated_at: sql`updated_at`, created_at: sql`created_at`, name: sql`lower(name)` } as const;

export function listProjects(db: Db, userId: number, q: ListProjectsQuery) {
  let base = db.selectFrom('projects').where('user_id', '=', userId);
  if (q.search) base = base.where('name', 'ilike', likePattern(q.search));
  const order = sql.raw(q.order ?? (q.sort === 'name' ? 'asc' : 'desc'));
  return pageOf(
    base,
    (b) =>
      b
        .selectAll()
        .select(
          sql<number>`(SELECT count(*) FROM project_ideas pi JOIN knowledge k ON k.id = pi.knowledge_id
            WHERE pi.project_id = projects.id AND ${shown(userId)})`.as('idea_count'),
        )
        .orderBy(sql`${SORTS[q.sort]} ${order}, id ${order}`),
    q,
  );
}

/** The shown ideas of a project as idea cards with their note, position and time added, in order. */
export function projectIdeas(db: Db, projectId: number, ownerId: number | null) {
  return db
    .selectFrom('project_ideas as pi')
    .innerJoin('knowledge as k', 'k.id', 'pi.knowledge_id')
    .select(CARD_COLUMNS.map((c) => `k.${c}` as const))
    .select(['pi.note', 'pi.position', 'pi.created_at as added_at'])
    .where('pi.project_id', '=', projectId)
    .where(shown(ownerId))
    .orderBy('pi.position')
    .orderBy('pi.knowledge_id')
    .execute();
}
export type ProjectIdeaRow = Awaited<ReturnType<typeof projectIdeas>>[number];

export async function countProjects(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The project behind a share link with its owner's public name; none for unknown or revoked tokens. */
export function findSharedProject(db: Db, token: string) {
  return db
    .selectFrom('projects as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select(['p.id', 'p.name', 'p.description', 'p.shared_at', 'p.updated_at', 'u.first_name', 'u.username'])
    .where('p.share_token', '=', token)
    .executeTakeFirst();
}
