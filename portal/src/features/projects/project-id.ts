import { MAX_ID } from '@ideamine/shared/contract/common';

/** The project id in /my/projects/$id, or null when the segment is not one (the page says not found). */
export function projectIdOf(param: string): number | null {
  if (!/^\d+$/.test(param)) return null;
  const id = Number(param);
  return id >= 1 && id <= MAX_ID ? id : null;
}
