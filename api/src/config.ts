import path from 'node:path';
import { z } from 'zod';

// Every environment variable the server reads, with its default. README's configuration table
// lists the same names.

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
const int = (def: number) => z.coerce.number().int().positive().default(def);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: bool.default(false),
  BODY_LIMIT_KB: int(1024),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_SECONDS: int(900),
  REFRESH_TOKEN_TTL_DAYS: int(30),
  LOGIN_MAX_ATTEMPTS_PER_IP: int(30),
  LOGIN_IP_WINDOW_SECONDS: int(60),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: int(5),
  LOGIN_ACCOUNT_WINDOW_SECONDS: int(900),
  REGISTER_MAX_PER_IP_PER_HOUR: int(20),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  DB_POOL_SIZE: int(10),
  CRAWL_ALLOW_PRIVATE: z.string().default(''),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  corsOrigins: string[];
  trustProxy: boolean;
  bodyLimitBytes: number;
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginMaxAttemptsPerIp: number;
  loginIpWindowSeconds: number;
  loginMaxFailuresPerAccount: number;
  loginAccountWindowSeconds: number;
  registerMaxPerIp: number;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  dbPoolSize: number;
  /** Hosts, IPs or CIDRs the crawler may reach although private; 'true' for all. */
  crawlAllowPrivate: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    bodyLimitBytes: e.BODY_LIMIT_KB * 1024,
    jwtSecret: e.JWT_SECRET,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    loginMaxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
    loginIpWindowSeconds: e.LOGIN_IP_WINDOW_SECONDS,
    loginMaxFailuresPerAccount: e.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    loginAccountWindowSeconds: e.LOGIN_ACCOUNT_WINDOW_SECONDS,
    registerMaxPerIp: e.REGISTER_MAX_PER_IP_PER_HOUR,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    dbPoolSize: e.DB_POOL_SIZE,
    crawlAllowPrivate: e.CRAWL_ALLOW_PRIVATE,
  };
}
