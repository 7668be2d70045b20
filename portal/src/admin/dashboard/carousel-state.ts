// The carousel's rules (spec s2): autoplay every 5000 ms, paused on hover, not infinite (it
// stops at the last slide rather than wrapping), arrows and dots move freely.

export const AUTOPLAY_MS = 5000;
export const SLIDE_MS = 500;

/** The slide after an autoplay tick, or null when autoplay has nothing left to do. */
export function nextAutoplaySlide(index: number, count: number, hovered: boolean): number | null {
  if (hovered || count <= 1 || index >= count - 1) return null;
  return index + 1;
}

/** A slide index moved by arrows or dots, kept inside the slides (no wrapping). */
export function clampSlide(index: number, count: number): number {
  return Math.min(Math.max(0, index), Math.max(0, count - 1));
}
