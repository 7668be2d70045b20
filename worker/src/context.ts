import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Agent } from 'undici';
import type { Db } from '@ideamine/server/db/database';
import type { QueueName } from '@ideamine/shared/jobs';
import type { RobotsPolicy } from './crawl/robots/policy';
import type { DomainRateLimiter } from './crawl/rate-limiter';
import type { AllowList } from '@ideamine/server/net/address-policy';
import type { LlmProvider } from '@ideamine/server/llm/provider';
import type { BackupPlace } from '@ideamine/server/commands/backups';

export interface CrawlSettings {
  respectRobots: boolean;
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  maxAttempts: number;
}

/** Everything a job handler may use; built once per worker process. */
export interface WorkerContext {
  /** This process's id in worker_heartbeats; it marks the tasks it holds. */
  workerId: string;
  db: Db;
  boss: PgBoss;
  log: Logger;
  http: Agent;
  allow: AllowList;
  robots: RobotsPolicy;
  limiter: DomainRateLimiter;
  llm: () => Promise<LlmProvider>;
  crawl: () => Promise<CrawlSettings>;
  processed: Record<QueueName, number>;
  /** Where scheduled backups go; absent in processes that should not make them. */
  backups?: BackupPlace;
}
