import { z } from 'zod';
import { CRAWL_BUDGET_SETTINGS } from './crawl-budget-settings';
import { DEFAULT_TRIAL_DAYS } from './limits';
import { productToken } from './product-token';

// Known settings: each key has a schema and a default. Unknown keys are refused by the settings
// calls, so a typo never becomes a silent no-op.

export const KNOWN_SETTINGS = {
  'auth.trial_days': {
    schema: z.number().int().min(1).max(3650),
    default: DEFAULT_TRIAL_DAYS,
    description: 'Length of the trial given to new accounts, in days',
  },
  'crawl.respect_robots': {
    schema: z.boolean(),
    default: true,
    description: 'Obey robots.txt (RFC 9309); turning this off is for sites you own',
  },
  'crawl.user_agent': {
    schema: z
      .string()
      .min(3)
      .max(200)
      .refine(
        (ua) => productToken(ua) !== null,
        'must start with a product token such as "IdeamineBot/0.1", or name one after "(compatible;"',
      ),
    default: 'IdeamineBot/0.1',
    description: 'User-Agent sent by the crawler and matched against robots.txt groups',
  },
  'crawl.timeout_seconds': {
    schema: z.number().int().min(1).max(300),
    default: 20,
    description: 'Longest a single page fetch may take, redirects included',
  },
  'crawl.max_body_kb': {
    schema: z.number().int().min(1).max(51200),
    default: 5120,
    description: 'Largest page body the crawler reads; larger pages are skipped',
  },
  'crawl.allow_private_hosts': {
    schema: z.array(z.string().min(1).max(100)).max(50),
    default: [] as string[],
    description: 'Hosts, IPs or CIDRs the crawler may reach although private (e.g. 127.0.0.1 for a demo site)',
  },
  'crawl.max_attempts': {
    schema: z.number().int().min(1).max(10),
    default: 3,
    description: 'Tries per page for 429, 5xx and network errors before the task fails',
  },
  'backup.schedule_cron': {
    schema: z
      .string()
      .max(100)
      .regex(/^$|^[\d*/,A-Za-z-]+( [\d*/,A-Za-z-]+){4}$/, 'must be empty or a cron expression of five fields'),
    default: '',
    description: 'When scheduled backups run (cron, UTC), e.g. "0 3 * * *"; empty turns them off',
  },
  'backup.retention_count': {
    schema: z.number().int().min(1).max(1000),
    default: 7,
    description: 'How many scheduled backups are kept; older scheduled ones are deleted',
  },
  'llm.provider': {
    schema: z.enum(['local', 'openai']),
    default: 'local' as 'local' | 'openai',
    description: 'Which language model enriches and scores ideas: local (offline rules and NLP) or openai',
  },
  'llm.openai_base_url': {
    schema: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
    default: 'https://api.openai.com/v1',
    description: 'Base URL of any OpenAI-compatible API (the key comes from OPENAI_API_KEY)',
  },
  'llm.allow_private_base_url': {
    schema: z.boolean(),
    default: false,
    description:
      'Let llm.openai_base_url reach a loopback or private address (a model server on this machine or network); link-local and cloud metadata addresses are always refused',
  },
  'llm.openai_model': {
    schema: z.string().min(1).max(100),
    default: 'gpt-4o-mini',
    description: 'Model name for the openai provider',
  },
  'llm.timeout_seconds': {
    schema: z.number().int().min(1).max(600),
    default: 60,
    description:
      'Longest one request to the openai provider may take; a call is tried up to 4 times, so a silent endpoint holds an idea at most 4 times this',
  },
  'queue.dead_letter_alert_threshold': {
    schema: z.number().int().min(0).max(1_000_000),
    default: 10,
    description: 'Dead-letter queue depth at which the dashboard raises an alert',
  },
  'dashboard.crawl_error_threshold': {
    schema: z.number().min(0).max(100),
    default: 10,
    description: 'Crawl task failure rate (percent, last 24 hours) at which the dashboard raises an alert',
  },
  'dashboard.transform_error_threshold': {
    schema: z.number().min(0).max(100),
    default: 10,
    description: 'Transform task failure rate (percent, last 24 hours) at which the dashboard raises an alert',
  },
  'dashboard.llm_error_threshold': {
    schema: z.number().min(0).max(100),
    default: 5,
    description: 'LLM call failure rate (percent, last 24 hours) at which the dashboard raises an alert',
  },
  'dashboard.storage_quota_mb': {
    schema: z.number().int().min(1).max(100_000_000),
    default: 10240,
    description: 'Database size (MB) the dashboard reports storage utilization against',
  },
  ...CRAWL_BUDGET_SETTINGS,
} as const;

export type SettingKey = keyof typeof KNOWN_SETTINGS;
export type SettingValue<K extends SettingKey> = z.infer<(typeof KNOWN_SETTINGS)[K]['schema']>;

/**
 * Whether a key from a request names a known setting. Only the table's own keys count:
 * `key in KNOWN_SETTINGS` would also accept what every object inherits (constructor, __proto__).
 */
export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(KNOWN_SETTINGS, key);
}
