import { describe, expect, it } from 'vitest';
import { mergeIds, parseIdeaIds, singleIdeaId } from './parse-ids';

describe('parseIdeaIds', () => {
  it('reads ids split by commas, spaces, semicolons and new lines, each once', () => {
    expect(parseIdeaIds(' 12, 15 18;\n12 ,20 ')).toEqual({ ids: [12, 15, 18, 20], invalid: [] });
  });

  it('reports what is not an idea id', () => {
    expect(parseIdeaIds('7 abc 0 -3 1.5 99999999999')).toEqual({
      ids: [7],
      invalid: ['abc', '0', '-3', '1.5', '99999999999'],
    });
  });

  it('reads nothing from blank text', () => {
    expect(parseIdeaIds('  ')).toEqual({ ids: [], invalid: [] });
  });
});

describe('mergeIds', () => {
  it('keeps the picked ids first and drops repeats', () => {
    expect(mergeIds([3, 1], [1, 4])).toEqual([3, 1, 4]);
  });
});

describe('singleIdeaId', () => {
  it('prefers the typed id over the picked one', () => {
    expect(singleIdeaId(' 42 ', '7')).toBe(42);
    expect(singleIdeaId('', '7')).toBe(7);
  });

  it('is null without exactly one valid id', () => {
    expect(singleIdeaId('', '')).toBeNull();
    expect(singleIdeaId('abc', '7')).toBeNull();
    expect(singleIdeaId('1 2', '')).toBeNull();
  });
});
