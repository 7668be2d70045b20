import { z } from 'zod';

// The desktop console's IPC contract: one map from channel to argument schema and result schema.
// The main process validates every argument with it before a handler runs; the preload exposes
// one method per channel (named by `ipcMethodName`), nothing generic; the renderer is typed by
// `DesktopApi`. Browser tests drive the same handlers through a loopback bridge.

const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });
const snapshotId = z
  .number({ error: 'id must be a number' })
  .int()
  .positive({ error: 'id must be a positive whole number' });
/** A cached call: its path and sorted query under /api/v1, e.g. `/dashboard/job-stats?period=7d`. */
const snapshotKey = z
  .string({ error: 'key must be a string' })
  .min(2, { error: 'key must be an API path' })
  .max(500, { error: 'key must be at most 500 characters' })
  .regex(/^\/[a-z0-9/_-]+(\?[^\s]*)?$/i, { error: 'key must be an API path such as /dashboard/queue-metrics' });

export const snapshotMetaSchema = z.object({
  id: z.number(),
  key: z.string(),
  fetched_at: z.string(),
  /** Bytes of the stored (compressed) body. */
  stored_bytes: z.number(),
});
export type SnapshotMeta = z.infer<typeof snapshotMetaSchema>;

export const snapshotSchema = snapshotMetaSchema.extend({ body: z.unknown() });
export type Snapshot = z.infer<typeof snapshotSchema>;

export const snapshotKeySummarySchema = z.object({
  key: z.string(),
  count: z.number(),
  oldest_at: z.string(),
  newest_at: z.string(),
});

export const snapshotChangeSchema = z.object({
  /** A JSON path such as `crawl_tasks_queue.depth` or `components[2].status`. */
  path: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** after - before when both are numbers. */
  delta: z.number().nullable(),
});
export type SnapshotChange = z.infer<typeof snapshotChangeSchema>;

export const cacheStatsSchema = z.object({
  file_bytes: z.number(),
  snapshots: z.number(),
  keys: z.number(),
  oldest_at: z.string().nullable(),
  newest_at: z.string().nullable(),
  retention_days: z.number(),
  max_megabytes: z.number(),
});
export type CacheStats = z.infer<typeof cacheStatsSchema>;

export const desktopSettingsSchema = z.object({
  /** The Ideamine server the console talks to (its origin, e.g. https://ideamine.example.com). */
  server_url: z.string(),
  auto_refresh: z.boolean(),
  notifications: z.boolean(),
});
export type DesktopSettings = z.infer<typeof desktopSettingsSchema>;

export const MAX_RETENTION_DAYS = 365;
export const MAX_CACHE_MEGABYTES = 20_000;

const serverUrl = z
  .string({ error: 'server_url must be a string' })
  .trim()
  .max(500, { error: 'server_url must be at most 500 characters' })
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
      } catch {
        return false;
      }
    },
    { error: 'server_url must be an http(s) address such as https://ideamine.example.com' },
  )
  .transform((v) => new URL(v).origin);

export const storedSessionSchema = z.object({
  access_token: z.string().max(8000),
  refresh_token: z.string().max(8000),
  expires_at: z.string().max(100).nullable(),
  /** The signed-in user as the API returned it. */
  user: z.record(z.string(), z.unknown()).nullable(),
});
export type StoredDesktopSession = z.infer<typeof storedSessionSchema>;

const none = z.strictObject({});

export const IPC_CHANNELS = {
  'snapshots:put': {
    args: z.strictObject({ key: snapshotKey, body: z.unknown(), fetched_at: isoDate }),
    result: snapshotMetaSchema,
  },
  'snapshots:latest': {
    args: z.strictObject({ key: snapshotKey }),
    result: snapshotSchema.nullable(),
  },
  'snapshots:latest-many': {
    args: z.strictObject({ keys: z.array(snapshotKey).max(200, { error: 'keys may hold at most 200 keys' }) }),
    result: z.array(snapshotSchema),
  },
  'snapshots:keys': { args: none, result: z.array(snapshotKeySummarySchema) },
  'snapshots:history': {
    args: z.strictObject({
      key: snapshotKey,
      /** Snapshots older than this id (the next page); newest first. */
      before_id: snapshotId.optional(),
      limit: z.number({ error: 'limit must be a number' }).int().min(1).max(500, { error: 'limit must be 1 to 500' }),
    }),
    result: z.array(snapshotMetaSchema),
  },
  'snapshots:get': { args: z.strictObject({ id: snapshotId }), result: snapshotSchema },
  'snapshots:compare': {
    args: z.strictObject({ before_id: snapshotId, after_id: snapshotId }),
    result: z.object({
      before: snapshotMetaSchema,
      after: snapshotMetaSchema,
      changes: z.array(snapshotChangeSchema),
      unchanged: z.number(),
    }),
  },
  'snapshots:export': {
    args: z.strictObject({
      id: snapshotId,
      format: z.enum(['csv', 'json'], { error: 'format must be csv or json' }),
    }),
    result: z.object({ file_name: z.string(), mime_type: z.string(), content: z.string() }),
  },
  'cache:stats': { args: none, result: cacheStatsSchema },
  'cache:configure': {
    args: z.strictObject({
      retention_days: z
        .number({ error: 'retention_days must be a number' })
        .int({ error: 'retention_days must be a whole number' })
        .min(1, { error: `retention_days must be 1 to ${MAX_RETENTION_DAYS}` })
        .max(MAX_RETENTION_DAYS, { error: `retention_days must be 1 to ${MAX_RETENTION_DAYS}` }),
      max_megabytes: z
        .number({ error: 'max_megabytes must be a number' })
        .int({ error: 'max_megabytes must be a whole number' })
        .min(10, { error: `max_megabytes must be 10 to ${MAX_CACHE_MEGABYTES}` })
        .max(MAX_CACHE_MEGABYTES, { error: `max_megabytes must be 10 to ${MAX_CACHE_MEGABYTES}` }),
    }),
    result: cacheStatsSchema,
  },
  'settings:get': { args: none, result: desktopSettingsSchema },
  'settings:set': {
    args: z.strictObject({
      server_url: serverUrl.optional(),
      auto_refresh: z.boolean({ error: 'auto_refresh must be true or false' }).optional(),
      notifications: z.boolean({ error: 'notifications must be true or false' }).optional(),
    }),
    result: desktopSettingsSchema,
  },
  'session:load': { args: none, result: storedSessionSchema.nullable() },
  'session:save': {
    args: z.strictObject({ session: storedSessionSchema }),
    result: z.object({ encrypted: z.boolean() }),
  },
  'session:clear': { args: none, result: z.object({ cleared: z.boolean() }) },
  'notify:show': {
    args: z.strictObject({
      title: z
        .string({ error: 'title must be a string' })
        .min(1)
        .max(200, { error: 'title must be at most 200 characters' }),
      body: z.string({ error: 'body must be a string' }).max(1000, { error: 'body must be at most 1000 characters' }),
    }),
    result: z.object({ shown: z.boolean() }),
  },
  'app:info': {
    args: none,
    result: z.object({
      version: z.string(),
      platform: z.string(),
      secure_storage: z.boolean(),
      cache_file: z.string(),
    }),
  },
} as const;

export type IpcChannel = keyof typeof IPC_CHANNELS;
export type IpcArgs<C extends IpcChannel> = z.input<(typeof IPC_CHANNELS)[C]['args']>;
export type IpcParsedArgs<C extends IpcChannel> = z.output<(typeof IPC_CHANNELS)[C]['args']>;
export type IpcResult<C extends IpcChannel> = z.output<(typeof IPC_CHANNELS)[C]['result']>;

/** The preload method of a channel: 'snapshots:latest-many' -> 'snapshotsLatestMany'. */
export function ipcMethodName(channel: string): string {
  return channel.replace(/[:-]([a-z])/g, (_, c: string) => c.toUpperCase());
}

type CamelTail<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<CamelTail<T>>}` : S;
type MethodOf<C extends string> = C extends `${infer D}:${infer A}` ? `${D}${Capitalize<CamelTail<A>>}` : never;

/** What the preload exposes as `window.ideamine`: one method per channel. */
export type DesktopApi = {
  [C in IpcChannel as MethodOf<C>]: (args: IpcArgs<C>) => Promise<IpcResult<C>>;
};

/** The error an IPC call rejects with: a code and a message naming the field, as the API does. */
export interface IpcErrorBody {
  code: 'VALIDATION_ERROR' | 'NOT_FOUND' | 'FORBIDDEN' | 'INTERNAL_ERROR';
  message: string;
  field?: string;
}
