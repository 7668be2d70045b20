import { MAX_ID } from '@ideamine/shared/contract/common';

// Idea ids typed by hand ("12, 15 18"): the valid ones once each, in order, and what was not one.

export interface ParsedIds {
  ids: number[];
  invalid: string[];
}

export function parseIdeaIds(text: string): ParsedIds {
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const token of text.split(/[\s,;]+/).filter(Boolean)) {
    const id = /^\d+$/.test(token) ? Number(token) : NaN;
    if (Number.isInteger(id) && id >= 1 && id <= MAX_ID) {
      if (!ids.includes(id)) ids.push(id);
    } else invalid.push(token);
  }
  return { ids, invalid };
}

/** The ids picked from a list and typed by hand, together, each once. */
export function mergeIds(picked: readonly number[], typed: readonly number[]): number[] {
  return [...new Set([...picked, ...typed])];
}
