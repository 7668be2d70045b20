import type { Selectable } from 'kysely';
import type { BackupsTable } from '@ideamine/server/db/schema';
import { iso } from './time';

export function presentBackup(b: Selectable<BackupsTable>) {
  const manifest = b.manifest as { table: string; rows: number }[];
  const verify = b.verify_result as { ok?: boolean } | null;
  return {
    id: b.id,
    file_name: b.file_name,
    kind: b.kind,
    size_bytes: Number(b.size_bytes),
    sha256: b.sha256,
    tables: manifest.map((m) => ({ table: m.table, rows: m.rows })),
    total_rows: manifest.reduce((n, m) => n + m.rows, 0),
    created_by: b.created_by,
    created_at: b.created_at.toISOString(),
    verified_at: iso(b.verified_at),
    verify_ok: verify ? !!verify.ok : null,
    restored_at: iso(b.restored_at),
  };
}
