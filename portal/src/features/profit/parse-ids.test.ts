import { describe, expect, it } from 'vitest';
import { mergeIds, parseIdeaIds } from './parse-ids';

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
