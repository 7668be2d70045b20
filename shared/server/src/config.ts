import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { withoutTrailingSlashes } from '@ideamine/shared/url';
import { isSecureOrLoopback } from './net/loopback';

// Every environment variable the server reads, with its default. README's configuration table
// lists the same names.

/** portal/dist of this checkout, wherever the process was started from. */
const DEFAULT_PORTAL_DIR = fileURLToPath(new URL('../../../portal/dist', import.meta.url));

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
const int = (def: number) => z.coerce.number().int().positive().default(def);
/** Provider endpoints: https, or http on loopback for local test servers. */
const endpoint = (def: string) =>
  z
    .url({ error: 'must be a URL' })
    .refine(isSecureOrLoopback, { error: 'must use https (http only on loopback)' })
    .default(def);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z.string().optional(),
  DATABASE_READ_URL: z.string().optional(),
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
  WEBHOOK_ALLOW_PRIVATE: z.string().default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]/, {
      error: 'must be an smtp:// or smtps:// URL, like smtp://user:password@mail.example.com:587',
    })
    .optional(),
  SMTP_FROM: z.string().default('Ideamine <ideamine@localhost>'),
  DEMO_SITE_URL: z.url({ error: 'must be a URL' }).optional(),
  PUBLIC_URL: z.url({ error: 'must be a URL' }).optional(),
  WORKER_THREADS: z.coerce.number().int().min(0).max(64).default(1),
  OAUTH_REDIRECT_BASE_URL: z.url({ error: 'must be a URL' }).default('http://localhost:3000'),
  OAUTH_GOOGLE_CLIENT_ID: z.string().optional(),
  OAUTH_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_GOOGLE_ISSUER: endpoint('https://accounts.google.com'),
  OAUTH_APPLE_CLIENT_ID: z.string().optional(),
  OAUTH_APPLE_CLIENT_SECRET: z.string().optional(),
  OAUTH_APPLE_ISSUER: endpoint('https://appleid.apple.com'),
  OAUTH_GITHUB_CLIENT_ID: z.string().optional(),
  OAUTH_GITHUB_CLIENT_SECRET: z.string().optional(),
  OAUTH_GITHUB_AUTHORIZE_URL: endpoint('https://github.com/login/oauth/authorize'),
  OAUTH_GITHUB_TOKEN_URL: endpoint('https://github.com/login/oauth/access_token'),
  OAUTH_GITHUB_API_URL: endpoint('https://api.github.com'),
  BACKUP_DIR: z.string().optional(),
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  PUBLIC_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  PUBLIC_CARD_CACHE_MB: z.coerce.number().int().min(0).max(16_384).default(64),
  PUBLIC_READ_WAIT_MS: z.coerce.number().int().min(0).max(1_000).default(10),
  IDEA_STORM_MAX_PER_IP_PER_HOUR: int(20),
  AVATAR_MAX_BYTES: int(2 * 1024 * 1024),
  PORTAL_DIR: z.string().optional(),
});

/** An OpenID Connect provider (Google, Apple): endpoints come from its discovery document. */
export interface OidcProviderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  issuer: string;
}

export interface GithubProviderConfig {
  clientId: string | undefined;
  clientSecret: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
}

export interface OAuthConfig {
  /** The portal's public origin; redirect URIs are {base}/auth/{provider}/callback and /link-callback. */
  redirectBaseUrl: string;
  google: OidcProviderConfig;
  apple: OidcProviderConfig;
  github: GithubProviderConfig;
}

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** A read replica for visitors' public reads; unset: they read DATABASE_URL like the rest. */
  databaseReadUrl: string | undefined;
  /**
   * The portal's address as visitors know it, for canonical links, link previews and the
   * sitemap; unset: the address each request came to.
   */
  publicUrl: string | undefined;
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
  /** Hosts, IPs or CIDRs users' watchlist webhooks may reach although private; 'true' for all. */
  webhookAllowPrivate: string;
  /** Where watchlist email digests are sent through (smtp://user:pass@host:587); unset: no email. */
  smtpUrl: string | undefined;
  /** The From of the digests. */
  smtpFrom: string;
  /**
   * Where the workers reach the demo site this server serves at /demo-site ("Load the demo"):
   * DEMO_SITE_URL, by default this server on loopback. Workers may reach it although private.
   */
  demoSiteUrl: string;
  /** Worker threads `npm start` runs the pipeline on (0: none, for an API-only start). */
  workerThreads: number;
  oauth: OAuthConfig;
  /** Where backup files are written (DATA_DIR/backups by default); shared storage when scaled out. */
  backupDir: string;
  /** How long operations-dashboard answers are cached per process (0: off). */
  dashboardCacheSeconds: number;
  /** How long trending keywords, category counts and anonymous list pages are cached (0: off). */
  publicCacheSeconds: number;
  /** Memory for the cards of ideas listed lately (listing/card-cache.ts), in bytes; 0 keeps none. */
  publicCardCacheBytes: number;
  /** How long a visitor's read waits for the in-memory copies to read a change under way (see MemoryCopy). */
  publicReadWaitMs: number;
  /** Public Idea Storm submissions per IP per hour. */
  ideaStormMaxPerIp: number;
  /** Largest avatar image (profile_file) accepted, in bytes; enforced while the upload streams. */
  avatarMaxBytes: number;
  /** The built portal (portal/dist by default) served at `/`; API only when it is missing. */
  portalDir: string;
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
    databaseReadUrl: e.DATABASE_READ_URL,
    publicUrl: e.PUBLIC_URL === undefined ? undefined : withoutTrailingSlashes(e.PUBLIC_URL),
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
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    smtpUrl: e.SMTP_URL || undefined,
    smtpFrom: e.SMTP_FROM,
    demoSiteUrl: withoutTrailingSlashes(e.DEMO_SITE_URL ?? `http://127.0.0.1:${e.PORT}/demo-site`),
    workerThreads: e.WORKER_THREADS,
    oauth: {
      redirectBaseUrl: withoutTrailingSlashes(e.OAUTH_REDIRECT_BASE_URL),
      google: {
        clientId: e.OAUTH_GOOGLE_CLIENT_ID,
        clientSecret: e.OAUTH_GOOGLE_CLIENT_SECRET,
        issuer: e.OAUTH_GOOGLE_ISSUER,
      },
      apple: {
        clientId: e.OAUTH_APPLE_CLIENT_ID,
        clientSecret: e.OAUTH_APPLE_CLIENT_SECRET,
        issuer: e.OAUTH_APPLE_ISSUER,
      },
      github: {
        clientId: e.OAUTH_GITHUB_CLIENT_ID,
        clientSecret: e.OAUTH_GITHUB_CLIENT_SECRET,
        authorizeUrl: e.OAUTH_GITHUB_AUTHORIZE_URL,
        tokenUrl: e.OAUTH_GITHUB_TOKEN_URL,
        apiUrl: withoutTrailingSlashes(e.OAUTH_GITHUB_API_URL),
      },
    },
    backupDir: path.resolve(e.BACKUP_DIR ?? path.join(e.DATA_DIR, 'backups')),
    dashboardCacheSeconds: e.DASHBOARD_CACHE_SECONDS,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    publicCardCacheBytes: e.PUBLIC_CARD_CACHE_MB * 1024 * 1024,
    publicReadWaitMs: e.PUBLIC_READ_WAIT_MS,
    ideaStormMaxPerIp: e.IDEA_STORM_MAX_PER_IP_PER_HOUR,
    avatarMaxBytes: e.AVATAR_MAX_BYTES,
    portalDir: path.resolve(e.PORTAL_DIR ?? DEFAULT_PORTAL_DIR),
  };
}
