// The backup file: gzip over lines of text.
//   {"format":"ideamine-backup","version":1,"created_at":...,"migrations":[...],"tables":[...]}
//   then per table: {"table":"users","columns":[...]} , its rows in COPY text format (one row per
//   line), and a line "\." ; and last {"manifest":[{"table","rows","sha256"}]}.
// The sha256 of a table covers its row lines in primary-key order, so a restored copy can be
// checked by dumping it again.

export const BACKUP_FORMAT = 'ideamine-backup';
export const BACKUP_VERSION = 1;
export const END_OF_TABLE = '\\.';

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  created_at: string;
  migrations: string[];
  tables: string[];
}

export interface TableManifest {
  table: string;
  rows: number;
  sha256: string;
}
