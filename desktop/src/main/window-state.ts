import { z } from 'zod';
import { readJsonFile, writeFileAtomic } from './json-file';

// The window comes back where the operator left it: size, position and maximised state in
// userData/window.json, moved onto a screen when the one it was on is gone.

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface WindowState extends Rect {
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1440, height: 900 };
export const MIN_SIZE = { width: 960, height: 600 };

const stateSchema = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().min(MIN_SIZE.width),
  height: z.number().int().min(MIN_SIZE.height),
  maximized: z.boolean(),
});

const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));

/**
 * The bounds to open with: the saved ones when at least a quarter of the window is on one of
 * the screens' work areas, else the default size centred on the first screen (and never larger
 * than it).
 */
export function restoreBounds(saved: unknown, workAreas: Rect[]): WindowState {
  const screen = workAreas[0] ?? { x: 0, y: 0, ...DEFAULT_SIZE };
  const parsed = stateSchema.safeParse(saved);
  if (parsed.success) {
    const s = parsed.data;
    const visible = workAreas.some((area) => overlap(s, area) >= (s.width * s.height) / 4);
    if (visible) return s;
  }
  const width = Math.min(DEFAULT_SIZE.width, screen.width);
  const height = Math.min(DEFAULT_SIZE.height, screen.height);
  return {
    x: Math.round(screen.x + (screen.width - width) / 2),
    y: Math.round(screen.y + (screen.height - height) / 2),
    width,
    height,
    maximized: parsed.success ? parsed.data.maximized : false,
  };
}

export const loadWindowState = (file: string, workAreas: Rect[]) => restoreBounds(readJsonFile(file), workAreas);

export function saveWindowState(file: string, state: WindowState): void {
  writeFileAtomic(file, JSON.stringify(state));
}
