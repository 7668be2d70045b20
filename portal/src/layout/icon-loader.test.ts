import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The icon loader fetches only the icons it lists: every icon a portal source names must be there.

const SRC = path.resolve(import.meta.dirname, '..');
/** Icons Blueprint's own components draw (dialogs, selects, callouts, breadcrumbs, menus, tags). */
const BLUEPRINT_INTERNAL = [
  'cross',
  'small-cross',
  'double-caret-vertical',
  'chevron-right',
  'caret-right',
  'caret-down',
  'error',
  'warning-sign',
  'tick-circle',
  'info-sign',
  'more',
  'search',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(path.join(dir, e.name))
      : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')
        ? [path.join(dir, e.name)]
        : [],
  );
}

export function iconsNamed(text: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\b(?:icon|leftIcon|rightIcon|endIcon)=\{?["']([a-z0-9-]+)["']/g,
    /\b(?:icon|leftIcon|rightIcon|endIcon)[=:][^}\n]*?\?\s*["']([a-z0-9-]+)["']\s*:\s*["']([a-z0-9-]+)["']/g,
    /\bicon:\s*["']([a-z0-9-]+)["']/g,
  ];
  for (const re of patterns)
    for (const m of text.matchAll(re)) for (const name of m.slice(1)) if (name) found.add(name);
  return [...found];
}

describe('icon loader', () => {
  const loader = readFileSync(path.join(SRC, 'layout/icon-paths.ts'), 'utf8');
  const listed = (size: number) => {
    const match = loader.match(new RegExp(`generated/${size}px/paths/\\{([^}]+)\\}\\.js`));
    return new Set(match?.[1]?.split(',') ?? []);
  };

  it('lists every icon the portal names, in both sizes', () => {
    // The desktop console draws its icons with the portal's loader too.
    const files = [...sources(SRC), ...sources(path.resolve(SRC, '../../desktop/src/renderer'))];
    const used = new Set([...BLUEPRINT_INTERNAL, ...files.flatMap((f) => iconsNamed(readFileSync(f, 'utf8')))]);
    for (const size of [16, 20]) {
      const missing = [...used].filter((name) => !listed(size).has(name)).sort();
      expect(missing, `add to the ${size}px list in icon-paths.ts`).toEqual([]);
    }
  });

  it('lists only icons Blueprint has', () => {
    const dir = path.resolve(SRC, '../../node_modules/@blueprintjs/icons/lib/esm/generated/16px/paths');
    const available = new Set(readdirSync(dir).map((f) => f.replace(/\.js$/, '')));
    expect([...listed(16)].filter((n) => !available.has(n))).toEqual([]);
  });
});
