import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/database';
import { sortKeyOf, sortValueText, timestamptzMicros } from './sort-keys';

// A cursor's value as PostgreSQL printed it, read back as the in-memory list's key: the same
// instant to the microsecond in any session time zone, the scores in exact hundredths.

const db = useTestDatabase(1);

const INSTANTS = [
  '2026-11-27 21:55:58.123456+00',
  '2026-11-27 21:55:58.12+00',
  '2026-11-27 21:55:58.23227+00',
  '2026-11-27 21:55:58+00',
  '2000-02-29 00:00:00.000001+00',
  '1890-01-01 12:00:00.5+00',
];

describe('sort keys', () => {
  it('reads a timestamptz as PostgreSQL prints it, to the microsecond, in any time zone', async () => {
    for (const zone of ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Europe/Amsterdam']) {
      await db()
        .connection()
        .execute(async (conn) => {
          await sql`SELECT set_config('TimeZone', ${zone}, false)`.execute(conn);
          for (const instant of INSTANTS) {
            const { rows } = await sql<{ text: string; us: string }>`
              SELECT t::text AS text, (extract(epoch FROM t) * 1000000)::bigint::text AS us
              FROM (SELECT ${instant}::timestamptz AS t) x`.execute(conn);
            expect(timestamptzMicros(rows[0]!.text), `${rows[0]!.text} in ${zone}`).toBe(Number(rows[0]!.us));
          }
        });
    }
  });

  it('leaves to PostgreSQL what it cannot read exactly', () => {
    expect(timestamptzMicros('2026-11-27T21:55:58Z')).toBeUndefined();
    expect(timestamptzMicros('0044-03-15 12:00:00+00')).toBeUndefined();
    expect(sortKeyOf('profit_score', '7.5')).toBe(750);
    expect(sortKeyOf('profit_score', '7.50')).toBe(750);
    expect(sortKeyOf('overall_score', '0.29')).toBe(29);
    expect(sortKeyOf('profit_score', '7.505')).toBeUndefined();
    expect(sortKeyOf('profit_score', 'NaN')).toBeUndefined();
    expect(sortKeyOf('vote_score', '-3')).toBe(-3);
    expect(sortKeyOf('vote_score', '1.5')).toBeUndefined();
    expect(sortKeyOf('profit_score', null)).toBeNull();
  });

  it('prints a key as a cursor value that both PostgreSQL and sortKeyOf read back to the same key', async () => {
    for (const instant of INSTANTS) {
      const { rows } = await sql<{ us: string }>`
        SELECT (extract(epoch FROM ${instant}::timestamptz) * 1000000)::bigint::text AS us`.execute(db());
      const key = Number(rows[0]!.us);
      const text = sortValueText('created_at', key)!;
      // Printed as PostgreSQL prints it in UTC, so a cursor from either path is the same text.
      const printed = await db()
        .connection()
        .execute(async (conn) => {
          await sql`SELECT set_config('TimeZone', 'UTC', false)`.execute(conn);
          return sql<{ text: string }>`SELECT ${instant}::timestamptz::text AS text`.execute(conn);
        });
      expect(text).toBe(printed.rows[0]!.text);
      expect(sortKeyOf('created_at', text), text).toBe(key);
      const back = await sql<{ same: boolean }>`SELECT ${text}::timestamptz = ${instant}::timestamptz AS same`.execute(
        db(),
      );
      expect(back.rows[0]!.same, text).toBe(true);
    }
    for (const key of [0, 5, 750, 999, 1000, 29])
      expect(sortKeyOf('profit_score', sortValueText('profit_score', key)!)).toBe(key);
    expect(sortValueText('overall_score', 29)).toBe('0.29');
    expect(sortValueText('vote_score', -3)).toBe('-3');
    expect(sortValueText('profit_score', null)).toBeNull();
    expect(sortValueText('created_at', Date.UTC(44, 0, 1) * 1000 - 1_900 * 365 * 86_400_000_000)).toBeUndefined();
  });
});
