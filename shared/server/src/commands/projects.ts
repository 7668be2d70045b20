import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  PROJECT_MAX_IDEAS,
  PROJECT_MAX_PER_USER,
  type CreateProjectBody,
  type UpdateProjectBody,
} from '@ideamine/shared/contract/projects';
import type { Db } from '../db/database';
import { ApiError, conflict, notFound } from '../errors';
import { publicOrOwnedBy } from '../queries/knowledge-visibility';
import type { ProjectRow } from '../queries/projects';

// Writes of projects. Each change locks the project row first, so concurrent attaches cannot
// pass the idea cap or leave two ideas at one position; creation locks the user row for the
// same reason with the project cap. FOR NO KEY UPDATE serialises these writes without holding up
// other tables' rows that merely reference the locked one.

async function lockOwnProject(trx: Db, userId: number, id: number): Promise<ProjectRow> {
  const row = await trx
    .selectFrom('projects')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .forNoKeyUpdate()
    .executeTakeFirst();
  if (!row) throw notFound('Project');
  return row;
}

/** Ideas a user may put in a project: live, and public or their own. Never says which. */
async function checkAttachable(trx: Db, userId: number, ids: number[], field: (i: number) => string) {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await trx
        .selectFrom('knowledge')
        .select('id')
        .where('id', 'in', ids)
        .where('deleted_at', 'is', null)
        .where('merged_into_id', 'is', null)
        .where(publicOrOwnedBy(userId))
        .execute()
    ).map((r) => r.id),
  );
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw new ApiError('NOT_FOUND', 'Idea not found', field(missing));
}

const touch = (trx: Db, id: number) =>
  trx.updateTable('projects').set({ updated_at: new Date() }).where('id', '=', id).execute();

export function createProject(db: Db, userId: number, body: CreateProjectBody): Promise<ProjectRow> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
    const { n } = await trx
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= PROJECT_MAX_PER_USER) {
      throw conflict(`You can have at most ${PROJECT_MAX_PER_USER} projects; delete one to make room`);
    }
    await checkAttachable(trx, userId, body.knowledge_ids, (i) => `knowledge_ids.${i}`);
    const project = await trx
      .insertInto('projects')
      .values({ user_id: userId, name: body.name, description: body.description, notes: body.notes })
      .returningAll()
      .executeTakeFirstOrThrow();
    if (body.knowledge_ids.length > 0) {
      await trx
        .insertInto('project_ideas')
        .values(body.knowledge_ids.map((kid, i) => ({ project_id: project.id, knowledge_id: kid, position: i + 1 })))
        .execute();
    }
    return project;
  });
}

export async function updateProject(db: Db, userId: number, id: number, body: UpdateProjectBody): Promise<ProjectRow> {
  const row = await db
    .updateTable('projects')
    .set({ ...body, updated_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Project');
  return row;
}

export async function deleteProject(db: Db, userId: number, id: number): Promise<void> {
  const r = await db.deleteFrom('projects').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (r.numDeletedRows === 0n) throw notFound('Project');
}

export function attachIdea(db: Db, userId: number, projectId: number, knowledgeId: number, note: string) {
  return db.transaction().execute(async (trx) => {
    await lockOwnProject(trx, userId, projectId);
    await checkAttachable(trx, userId, [knowledgeId], () => 'knowledge_id');
    const attached = await trx
      .selectFrom('project_ideas')
      .select(['knowledge_id'])
      .where('project_id', '=', projectId)
      .execute();
    if (attached.some((a) => a.knowledge_id === knowledgeId)) {
      throw conflict('This idea is already in the project', 'knowledge_id');
    }
    if (attached.length >= PROJECT_MAX_IDEAS) {
      throw conflict(`A project can hold at most ${PROJECT_MAX_IDEAS} ideas`, 'knowledge_id');
    }
    await trx
      .insertInto('project_ideas')
      .values({ project_id: projectId, knowledge_id: knowledgeId, note, position: attached.length + 1 })
      .execute();
    await touch(trx, projectId);
  });
}

/** Changes an attachment's note, or moves it to a position (1 = first), shifting the ones between. */
export function updateProjectIdea(
  db: Db,
  userId: number,
  projectId: number,
  knowledgeId: number,
  change: { note?: string; position?: number },
) {
  return db.transaction().execute(async (trx) => {
    await lockOwnProject(trx, userId, projectId);
    const current = await trx
      .selectFrom('project_ideas')
      .select('position')
      .where('project_id', '=', projectId)
      .where('knowledge_id', '=', knowledgeId)
      .executeTakeFirst();
    if (!current) throw notFound('Idea in this project');
    let position = current.position;
    if (change.position !== undefined) {
      const { n } = await trx
        .selectFrom('project_ideas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      position = Math.min(change.position, Number(n));
      const from = current.position;
      if (position !== from) {
        const [lo, hi, step] = position < from ? [position, from - 1, 1] : [from + 1, position, -1];
        await trx
          .updateTable('project_ideas')
          .set({ position: sql`position + ${step}` })
          .where('project_id', '=', projectId)
          .where('position', '>=', lo)
          .where('position', '<=', hi)
          .execute();
      }
    }
    await trx
      .updateTable('project_ideas')
      .set({ position, ...(change.note !== undefined ? { note: change.note } : {}), updated_at: new Date() })
      .where('project_id', '=', projectId)
      .where('knowledge_id', '=', knowledgeId)
      .execute();
    await touch(trx, projectId);
  });
}

export function detachIdea(db: Db, userId: number, projectId: number, knowledgeId: number) {
  return db.transaction().execute(async (trx) => {
    await lockOwnProject(trx, userId, projectId);
    const removed = await trx
      .deleteFrom('project_ideas')
      .where('project_id', '=', projectId)
      .where('knowledge_id', '=', knowledgeId)
      .returning('position')
      .executeTakeFirst();
    if (!removed) throw notFound('Idea in this project');
    await trx
      .updateTable('project_ideas')
      .set({ position: sql`position - 1` })
      .where('project_id', '=', projectId)
      .where('position', '>', removed.position)
      .execute();
    await touch(trx, projectId);
  });
}

/** The existing link, or a new one: 32 random bytes (256 bits) in base64url. */
export function shareProject(db: Db, userId: number, projectId: number) {
  return db.transaction().execute(async (trx) => {
    const row = await lockOwnProject(trx, userId, projectId);
    if (row.share_token && row.shared_at) return { row, created: false };
    const shared = await trx
      .updateTable('projects')
      .set({ share_token: randomBytes(32).toString('base64url'), shared_at: new Date() })
      .where('id', '=', projectId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return { row: shared, created: true };
  });
}

/** Revokes the link: the old token stops working at once, and sharing again makes a new one. */
export async function unshareProject(db: Db, userId: number, projectId: number): Promise<ProjectRow> {
  const row = await db
    .updateTable('projects')
    .set({ share_token: null, shared_at: null })
    .where('id', '=', projectId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound('Project');
  return row;
}
