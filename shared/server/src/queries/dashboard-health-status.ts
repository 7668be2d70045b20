import { formatCountOf } from '@ideamine/shared/format';
import { percentOf } from '@ideamine/shared/trend';
import fs from 'node:fs/promises';
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { readSetting } from '../commands/settings';
import type { AppContext } from '../context';
import {
  databaseSize,
  deadLetterDepths,
  liveWorkers,
  pausedQueues,
  pendingDepths,
  probeDatabase,
  recentLlmCalls,
  recordSampleIfDue,
  sampleDue,
} from './dashboard-health';

// The System Status card: one probe per component, cached in this process for CACHE_MS so a
// dashboard refreshing every few seconds does not re-probe; forceRefresh re-probes. Components
// are probed side by side, and so are the independent reads within one.

export type HealthState = 'healthy' | 'degraded' | 'down';
export interface Component {
  name: string;
  status: HealthState;
  last_checked: string;
  message: string;
}

export const STATUS_CACHE_MS = 10_000;
/** A SELECT 1 slower than this marks the database degraded. */
export const DB_SLOW_MS = 250;
/** Free space of the data directory's file system below these fractions: degraded, down. */
export const DISK_DEGRADED_FREE = 0.1;
export const DISK_DOWN_FREE = 0.02;
export const WORKER_GROUPS = ['crawl', 'transform', 'enrich', 'analyse'] as const;

const RANK: Record<HealthState, number> = { healthy: 0, degraded: 1, down: 2 };
export const worst = (states: HealthState[]): HealthState =>
  states.reduce<HealthState>((w, s) => (RANK[s] > RANK[w] ? s : w), 'healthy');

const cache = new WeakMap<AppContext, { at: number; components: Component[] }>();

export async function systemComponents(
  app: AppContext,
  forceRefresh: boolean,
): Promise<{ components: Component[]; cached: boolean }> {
  const hit = cache.get(app);
  if (!forceRefresh && hit && Date.now() - hit.at < STATUS_CACHE_MS)
    return { components: hit.components, cached: true };
  const components = await Promise.all([
    checkDatabase(app),
    checkQueue(app),
    ...(await checkWorkers(app)),
    checkLlm(app),
    checkDisk(app),
  ]).then((list) => list.flat());
  cache.set(app, { at: Date.now(), components });
  return { components, cached: false };
}

const component = (name: string, status: HealthState, message: string): Component => ({
  name,
  status,
  message,
  last_checked: new Date().toISOString(),
});

const failure = (err: unknown) => (err instanceof Error ? err.message : String(err));

async function checkDatabase(app: AppContext): Promise<Component> {
  try {
    const ms = await probeDatabase(app.db);
    // Counting pending tasks takes a scan at millions of tasks: only when a sample is due.
    if (await sampleDue(app.db)) {
      const [depths, deadByQueue] = await Promise.all([pendingDepths(app.db), deadLetterDepths(app.db)]);
      const dead = [...deadByQueue.values()].reduce((a, b) => a + b, 0);
      await recordSampleIfDue(app.db, { ...depths, deadLetter: dead, probeMs: ms });
    }
    return ms > DB_SLOW_MS
      ? component('database', 'degraded', `SELECT 1 took ${ms} ms (slower than ${DB_SLOW_MS} ms)`)
      : component('database', 'healthy', `SELECT 1 took ${ms} ms`);
  } catch (err) {
    return component('database', 'down', `Database unreachable: ${failure(err)}`);
  }
}

async function checkQueue(app: AppContext): Promise<Component> {
  try {
    const [deadByQueue, threshold, paused] = await Promise.all([
      deadLetterDepths(app.db),
      readSetting(app.db, 'queue.dead_letter_alert_threshold'),
      pausedQueues(app.db),
    ]);
    const dead = [...deadByQueue.values()].reduce((a, b) => a + b, 0);
    const notes = [`${formatCountOf(dead, 'message')} in dead-letter queues`];
    if (paused.length) notes.push(`paused: ${paused.join(', ')}`);
    const status: HealthState = dead >= threshold || paused.length > 0 ? 'degraded' : 'healthy';
    if (dead >= threshold) notes[0] += ` (threshold ${threshold})`;
    return component('queue', status, notes.join('; '));
  } catch (err) {
    return component('queue', 'down', `Queue unreachable: ${failure(err)}`);
  }
}

async function checkWorkers(app: AppContext): Promise<Component[]> {
  try {
    const live = await liveWorkers(app.db);
    return WORKER_GROUPS.map((group) => {
      const count = live.get(group) ?? 0;
      return count > 0
        ? component(`${group}_workers`, 'healthy', `${formatCountOf(count, 'live worker')}`)
        : component(`${group}_workers`, 'down', 'No live worker (no heartbeat in the last 30 s)');
    });
  } catch (err) {
    return WORKER_GROUPS.map((g) => component(`${g}_workers`, 'down', `Heartbeats unreadable: ${failure(err)}`));
  }
}

async function checkLlm(app: AppContext): Promise<Component> {
  try {
    const provider = await readSetting(app.db, 'llm.provider');
    if (provider === 'local') return component('llm_provider', 'healthy', 'Local provider (offline rules and NLP)');
    if (!(process.env.OPENAI_API_KEY ?? process.env.LLM_API_KEY))
      return component('llm_provider', 'down', 'llm.provider is openai but OPENAI_API_KEY is not set');
    const [calls, threshold] = await Promise.all([
      recentLlmCalls(app.db),
      readSetting(app.db, 'dashboard.llm_error_threshold'),
    ]);
    const rate = percentOf(calls.failed, calls.total);
    const message = `openai: ${calls.failed} of ${calls.total} call(s) failed in the last hour (${rate}%)`;
    return component('llm_provider', calls.total > 0 && rate >= threshold ? 'degraded' : 'healthy', message);
  } catch (err) {
    return component('llm_provider', 'down', `LLM provider check failed: ${failure(err)}`);
  }
}

/** The nearest existing directory at or above `dir` (the data directory may not exist yet). */
async function existingDir(dir: string): Promise<string> {
  let current = path.resolve(dir);
  for (;;) {
    try {
      await fs.access(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}

export async function checkDisk(app: AppContext, statfs = fs.statfs): Promise<Component> {
  try {
    const s = await statfs(await existingDir(app.config.dataDir));
    const free = s.blocks > 0 ? s.bavail / s.blocks : 0;
    const freePct = Math.round(free * 1000) / 10;
    const freeGb = Math.round(((s.bavail * s.bsize) / 1024 ** 3) * 10) / 10;
    const message = `${freePct}% free (${freeGb} GB) on the data directory's file system`;
    const status: HealthState = free < DISK_DOWN_FREE ? 'down' : free < DISK_DEGRADED_FREE ? 'degraded' : 'healthy';
    return component('disk', status, message);
  } catch (err) {
    return component('disk', 'down', `Disk check failed: ${failure(err)}`);
  }
}

/** Event-loop delay of this process, measured from when the API loads its routes. */
const loopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
let postgresVersion: string | undefined;
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
const ms = (ns: number) => (Number.isFinite(ns) ? Math.round((ns / 1e6) * 100) / 100 : 0);

/** Uptime, memory, event-loop lag (since start) and versions of the answering process. */
export async function processFacts(app: AppContext) {
  postgresVersion ??= await databaseSize(app.db)
    .then((d) => d.version)
    .catch(() => undefined);
  const mem = process.memoryUsage();
  const hasSamples = loopDelay.count > 0;
  return {
    started_at: app.startedAt.toISOString(),
    uptime_seconds: Math.round((Date.now() - app.startedAt.getTime()) / 1000),
    memory: { rss_mb: mb(mem.rss), heap_used_mb: mb(mem.heapUsed), heap_total_mb: mb(mem.heapTotal) },
    event_loop_lag_ms: {
      mean: hasSamples ? ms(loopDelay.mean) : 0,
      p99: hasSamples ? ms(loopDelay.percentile(99)) : 0,
      max: hasSamples ? ms(loopDelay.max) : 0,
    },
    node_version: process.version,
    postgres_version: postgresVersion ?? 'unknown',
  };
}
