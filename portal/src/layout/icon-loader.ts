import { Icons } from '@blueprintjs/icons';

// Blueprint loads icon paths on demand. Its default loader fetches every icon of a size in a
// ~100 KB chunk; this one fetches the few dozen icons the portal uses, all in one small chunk
// (one request, not one per icon). icon-loader.test.ts fails when a source file names an icon
// missing from icon-paths.ts.

type Table = Record<string, string[]>;
let tables: Promise<{ paths16: Table; paths20: Table }> | null = null;

function pick(table: Table, name: string): string[] | undefined {
  const key = Object.keys(table).find((k) => k.endsWith(`/${name}.js`));
  return key ? table[key] : undefined;
}

export function installIconLoader(): void {
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      tables ??= import('./icon-paths');
      const { paths16, paths20 } = await tables;
      return (size >= 20 ? pick(paths20, name) : undefined) ?? pick(paths16, name) ?? [];
    },
  });
}
