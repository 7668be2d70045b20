import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import pino from 'pino';
import { migrate } from '../db/migrate';
import { startBoss } from '../queue/boss';
import { startEmbeddedPostgres, type RunningPostgres } from '../db/embedded-postgres';
import { dropDatabase, withDatabase } from './database-admin';

// Once per `npm test`: find a PostgreSQL (DATABASE_URL, else the embedded one in data/test) and
// build a migrated template database that every test file clones.

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
  }
}

let embedded: RunningPostgres | undefined;
let adminUrl = '';
let template = '';

export async function setup(project: TestProject): Promise<void> {
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    embedded = await startEmbeddedPostgres({ dataDir: path.resolve('data/test') });
    adminUrl = embedded.url;
  }
  template = `ideamine_tpl_${process.pid}`;
  await dropDatabase(adminUrl, template);
  await withDatabase(adminUrl, (c) => c.query(`CREATE DATABASE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
  try {
    await migrate(pool);
  } finally {
    await pool.end();
  }
  // pg-boss's own schema and our queues, installed once so every clone starts with them.
  const boss = await startBoss(url.toString(), pino({ level: 'silent' }));
  await boss.stop({ graceful: false, wait: true });
  project.provide('pgAdminUrl', adminUrl);
  project.provide('pgTemplate', template);
}

export async function teardown(): Promise<void> {
  if (template) await dropDatabase(adminUrl, template).catch(() => undefined);
  await embedded?.stop();
}
