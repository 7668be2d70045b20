import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database';

/**
 * The HMAC key for access tokens. JWT_SECRET wins when set; otherwise one random key is made on
 * first start and kept in the database, so every API process behind a balancer accepts the
 * tokens of the others.
 */
export async function loadSigningKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new Uint8Array(createHash('sha256').update(configured).digest());
  await db
    .insertInto('server_secrets')
    .values({ name: 'jwt_signing_key', value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_secrets')
    .select('value')
    .where('name', '=', sql.lit('jwt_signing_key'))
    .executeTakeFirstOrThrow();
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}
