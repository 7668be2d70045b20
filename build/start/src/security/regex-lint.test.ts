import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// `npm test` lints the code, and the lint refuses regular expressions that take more than linear
// time on some input (issue 17): our own patterns run on crawled pages, feeds, robots.txt and
// what people type. This checks that the project's configuration really carries the rules.

const root = path.resolve(__dirname, '../../../..');

async function problems(code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'worker/src/transform/example.ts') });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('the regular-expression lint', () => {
  it('refuses exponential and quadratic patterns in source files', async () => {
    expect(await problems('export const nested = (s: string) => /^(a+)+b$/.test(s);\n')).toContain(
      'regexp/no-super-linear-backtracking',
    );
    expect(await problems("export const trailing = (s: string) => s.replace(/\\s+$/, '');\n")).toContain(
      'regexp/no-super-linear-move',
    );
  });

  it('refuses a RegExp built at run time, which could be built from what someone typed', async () => {
    expect(await problems('export const scope = (p: string, url: string) => new RegExp(p).test(url);\n')).toContain(
      'no-restricted-syntax',
    );
  });

  it('lets linear patterns through', async () => {
    expect(await problems('export const words = (s: string) => s.split(/[^a-z0-9]+/);\n')).toEqual([]);
  }, 30_000);
});
