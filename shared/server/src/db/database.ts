import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { nameMarkedStatements } from './prepared';
import type { Database } from './schema';

// Timestamps come back as Date, bigint counts as numbers (they fit well within 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function openDatabase(url: string, max = 10, applicationName?: string): DatabaseHandle {
  // JIT compilation costs ~100 ms per query on this workload's short aggregates and never pays back.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    options: '-c jit=off',
    ...(applicationName ? { application_name: applicationName } : {}),
  });
  // An idle client losing its server (restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor may one in use: a client checked out (a transaction between two queries, a backup)
  // emits 'error' when the server goes away, and pg-pool listens only to idle ones. The query
  // in flight, or the next one, fails instead (answered 503), and the pool drops the broken
  // client when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    nameMarkedStatements(client);
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { pool, db, close: () => db.destroy() };
}

/** Runs `fn` in a transaction, joining the caller's when `db` already is one. */
export function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
