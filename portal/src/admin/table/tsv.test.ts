import { describe, expect, it } from 'vitest';
import { pagesFor } from './row-source';
import { toTsv } from './tsv';

describe('toTsv', () => {
  const columns = [
    { name: 'Id', text: (r: { id: number; url: string }) => String(r.id) },
    { name: 'URL', text: (r: { id: number; url: string }) => r.url },
  ];
  it('writes a header line and one tab-separated line per row', () => {
    expect(
      toTsv(columns, [
        { id: 1, url: 'https://a.test/' },
        { id: 2, url: 'b' },
      ]),
    ).toBe('Id\tURL\n1\thttps://a.test/\n2\tb');
  });
  it('flattens tabs and line breaks inside cells so columns stay aligned', () => {
    expect(toTsv(columns, [{ id: 3, url: 'x\ty\r\nz' }])).toBe('Id\tURL\n3\tx y z');
  });
});

describe('pagesFor', () => {
  it('names the 1-based pages that hold the visible rows', () => {
    expect(pagesFor(0, 30, 100)).toEqual([1]);
    expect(pagesFor(95, 130, 100)).toEqual([1, 2]);
    expect(pagesFor(9_990, 10_020, 100)).toEqual([100, 101]);
  });
  it('never asks for page 0 and copes with an end before the start', () => {
    expect(pagesFor(-5, -1, 100)).toEqual([1]);
    expect(pagesFor(250, 10, 100)).toEqual([3]);
  });
});
