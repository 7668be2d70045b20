import { sql, type Selectable } from 'kysely';
import type { ListUsersQuery, User } from '@ideamine/shared/contract/users';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

/** A user as anyone but the account itself may see it (API answers, audit entries): never the password hash. */
export function userWithoutSecrets(u: UserRow): User {
  return {
    id: u.id,
    first_name: u.first_name,
    last_name: u.last_name,
    username: u.username,
    email: u.email,
    role: u.role,
    email_verified: u.email_verified,
    created_at: u.created_at.toISOString(),
    trial_expires_at: u.trial_expires_at ? u.trial_expires_at.toISOString() : null,
    google_id: u.google_id,
    github_id: u.github_id,
    apple_id: u.apple_id,
  };
}

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailOrUsername(db: Db, login: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', '=', login), eb('username', '=', login)]))
    .executeTakeFirst();
}

/** The user of a live session: none when the session was revoked or the user deleted. */
export function findUserOfSession(db: Db, userId: number, sessionId: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users as u')
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .selectAll('u')
    .where('u.id', '=', userId)
    .where('s.id', '=', sessionId)
    .where('s.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function listUsers(db: Db, q: ListUsersQuery): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users');
  if (q.role) base = base.where('role', '=', q.role);
  if (q.search) {
    const pattern = `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('email', 'ilike', pattern),
        eb('username', 'ilike', pattern),
        eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern),
      ]),
    );
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(q.sort, q.order)
      .orderBy('id', q.order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}
