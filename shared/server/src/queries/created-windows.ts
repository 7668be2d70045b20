import { sql, type RawBuilder } from 'kysely';

// Counting ideas by knowledge.created_at over sliding windows (last 24 hours, the 7 days before
// the last 7, ...) from a daily rollup. Each window edge is rounded to the nearest UTC midnight:
// the days between the rounded edges come from the rollup, and the stretch between an edge and
// its midnight (at most 12 hours) is read live through the created_at index, added when the
// midnight lies inside the window and subtracted when it lies outside. Exact, and the live part
// stays at most 12 hours per edge whatever the window.

type Sql = RawBuilder<unknown>;

/** A span of created_at: [from, to); without `to` everything from `from` on; without both, all time. */
export interface CreatedWindow {
  from?: Sql;
  to?: Sql;
}

/**
 * The UTC midnight nearest to `t`. Like every boundary here it is a scalar subquery, which
 * PostgreSQL computes once per query (an InitPlan) instead of once per rollup row it filters.
 */
export const nearestDay = (t: Sql) => sql`(SELECT date_trunc('day', ${t} + interval '12 hours', 'UTC'))`;

/** Condition on a daily rollup's column `day`: the days between the window's rounded edges. */
export function roundedDays(w: CreatedWindow): Sql {
  const after = w.from ? sql`day >= ${nearestDay(w.from)}` : sql`true`;
  return w.to ? sql`${after} AND day < ${nearestDay(w.to)}` : after;
}

/** A live correction: ideas created in [start, end), counted with `sign` (1 or -1). */
export interface EdgeRange {
  start: Sql;
  end: Sql;
  sign: Sql;
}

/**
 * What the rounded days miss or add at each edge: between `from` and its midnight (added when
 * `from` is earlier), and between `to` and its midnight (added when `to` is later).
 */
export function edgeRanges(w: CreatedWindow): EdgeRange[] {
  const edge = (t: Sql, addWhenEarlier: boolean): EdgeRange => {
    const day = nearestDay(t);
    return {
      start: sql`(SELECT least(${t}, ${day}))`,
      end: sql`(SELECT greatest(${t}, ${day}))`,
      sign: sql`(SELECT CASE WHEN (${t} < ${day}) = ${addWhenEarlier} THEN 1 ELSE -1 END)`,
    };
  };
  return [...(w.from ? [edge(w.from, true)] : []), ...(w.to ? [edge(w.to, false)] : [])];
}

/**
 * Counts per key in each named window. `daily` yields rows (day, key, n) from a rollup; `live`
 * yields rows (key, n) for the ideas created in [start, end). The result has rows (key, <one
 * column per window name>), a window's column null where it counted nothing for that key.
 */
export function windowedCounts<W extends string>(o: {
  daily: Sql;
  live: (start: Sql, end: Sql) => Sql;
  windows: Record<W, CreatedWindow>;
}): Sql {
  const names = Object.keys(o.windows) as W[];
  const days = names.map((name) => roundedDays(o.windows[name]));
  const fromRollup = sql`
    SELECT key, ${sql.join(names.map((name, i) => sql`sum(n) FILTER (WHERE ${days[i]}) AS ${sql.ref(name)}`))}
    FROM (${o.daily}) AS daily
    WHERE ${sql.join(
      days.map((d) => sql`(${d})`),
      sql` OR `,
    )}
    GROUP BY key`;
  const fromEdges = names.flatMap((name) =>
    edgeRanges(o.windows[name]).map(
      (e) => sql`
        SELECT key, ${sql.join(names.map((other) => (other === name ? sql`${e.sign} * n` : sql`0`)))}
        FROM (${o.live(e.start, e.end)}) AS edge`,
    ),
  );
  return sql`
    SELECT key, ${sql.join(names.map((name) => sql`sum(${sql.ref(name)}) AS ${sql.ref(name)}`))}
    FROM (${sql.join([fromRollup, ...fromEdges], sql` UNION ALL `)}) AS parts
    GROUP BY key`;
}
