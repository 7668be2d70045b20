import type { ColumnType, Generated } from 'kysely';
import type { Role } from '@ideamine/shared/permissions';

// Row types of the tables, for Kysely. Keep in step with migrations/.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  username: string;
  first_name: Generated<string>;
  last_name: Generated<string>;
  password_hash: string | null;
  role: ColumnType<Role, Role | undefined, Role>;
  email_verified: Generated<boolean>;
  trial_expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  google_id: string | null;
  github_id: string | null;
  apple_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  user_agent: string | null;
  ip: string | null;
  created_at: Timestamp;
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  token_hash: string;
  session_id: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface RateLimitCountersTable {
  key: string;
  window_start: ColumnType<Date, Date | string, Date | string>;
  hits: Generated<number>;
}

export interface SettingsTable {
  key: string;
  value: Json;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: Json | null;
  after: Json | null;
  ip: string | null;
  request_id: string | null;
  created_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  rate_limit_counters: RateLimitCountersTable;
  settings: SettingsTable;
  server_secrets: ServerSecretsTable;
  audit_log: AuditLogTable;
}
