import { z } from 'zod';
import { MAX_ID, pageQuery, text } from './common';

export const auditEntrySchema = z
  .object({
    id: z.number(),
    actor_id: z.number().nullable(),
    action: z.string(),
    entity_type: z.string(),
    entity_id: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    request_id: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'AuditEntry' });

const when = (field: string) =>
  text(field, 40)
    .refine((v) => !isNaN(Date.parse(v)), { error: `${field} must be a date or date-time` })
    .transform((v) => new Date(v));

export const auditLogQuery = z
  .strictObject({
    ...pageQuery,
    actor_id: z.coerce.number({ error: 'actor_id must be a user id' }).int().positive().max(MAX_ID).optional(),
    action: text('action', 100).optional(),
    entity_type: text('entity_type', 100).optional(),
    entity_id: text('entity_id', 100).optional(),
    date_from: when('date_from').optional(),
    date_to: when('date_to').optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    error: 'date_to must not be before date_from',
    path: ['date_to'],
  });
