// JSON as path -> value pairs (`queues[0].depth`), for comparing two snapshots and for the CSV
// export of answers that are not tables.

export type Leaf = string | number | boolean | null;

export function flatten(value: unknown, prefix = '', out = new Map<string, Leaf>()): Map<string, Leaf> {
  if (Array.isArray(value)) {
    if (value.length === 0 && prefix) out.set(prefix, null);
    value.forEach((item, i) => flatten(item, `${prefix}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix) out.set(prefix, null);
    for (const [key, item] of entries) flatten(item, prefix ? `${prefix}.${key}` : key, out);
  } else if (prefix || value !== undefined) {
    out.set(prefix || '(value)', value === undefined ? null : (value as Leaf));
  }
  return out;
}

export interface Change {
  path: string;
  before: Leaf | undefined;
  after: Leaf | undefined;
  delta: number | null;
}

/** Every path whose value differs between two answers (added and removed paths too), in path order. */
export function diff(before: unknown, after: unknown): { changes: Change[]; unchanged: number } {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  const changes: Change[] = [];
  let unchanged = 0;
  for (const path of paths) {
    const x = a.get(path);
    const y = b.get(path);
    if (a.has(path) && b.has(path) && x === y) {
      unchanged += 1;
      continue;
    }
    changes.push({
      path,
      before: x,
      after: y,
      delta: typeof x === 'number' && typeof y === 'number' ? Math.round((y - x) * 1e6) / 1e6 : null,
    });
  }
  return { changes, unchanged };
}
