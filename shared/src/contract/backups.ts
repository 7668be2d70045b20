import { z } from 'zod';
import { pageQuery } from './common';

// Backups, knowledge recovery and the audit log (issue 5, admin tools).

export const backupSchema = z
  .object({
    id: z.number(),
    file_name: z.string(),
    kind: z.enum(['manual', 'scheduled']),
    size_bytes: z.number(),
    sha256: z.string(),
    tables: z.array(z.object({ table: z.string(), rows: z.number() })),
    total_rows: z.number(),
    created_by: z.number().nullable(),
    created_at: z.string(),
    verified_at: z.string().nullable(),
    verify_ok: z.boolean().nullable(),
    restored_at: z.string().nullable(),
  })
  .meta({ id: 'Backup' });

export const verifyResultSchema = z
  .object({
    ok: z.boolean(),
    error: z.string().optional(),
    tables: z.array(
      z.object({
        table: z.string(),
        expected_rows: z.number(),
        restored_rows: z.number(),
        checksum_match: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'BackupVerification' });

export const restoreBody = z
  .strictObject({
    confirm: z.literal(true, { error: 'confirm must be true: a restore replaces every record with the backup' }),
  })
  .meta({ id: 'RestoreConfirmation' });

export const backupListQuery = z.strictObject({
  ...pageQuery,
  kind: z.enum(['manual', 'scheduled'], { error: 'kind must be manual or scheduled' }).optional(),
});
