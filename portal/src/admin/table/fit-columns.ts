// Column widths that fill the table's box: the columns' own widths are proportions, scaled to
// the space there is, so a wide screen shows every column whole instead of clipping the last
// one, and a narrow one scrolls only when even the narrowest columns do not fit.

/** No column gets narrower than this; below it, the table scrolls sideways instead. */
export const MIN_COLUMN_WIDTH = 72;

/**
 * @param widths the columns' preferred widths
 * @param fixed how many leading columns keep their width (the checkbox column)
 * @param available the box's inner width in pixels (0 while unmeasured: widths as given)
 */
export function fitColumns(widths: number[], fixed: number, available: number): number[] {
  if (available <= 0) return widths;
  const kept = widths.slice(0, fixed);
  const flexible = widths.slice(fixed);
  const room = available - kept.reduce((a, b) => a + b, 0);
  const wanted = flexible.reduce((a, b) => a + b, 0);
  if (!flexible.length || wanted === room) return widths;
  // Columns that would fall below the least width keep it; the others share what is left, in
  // proportion (again, until no more columns hit the floor).
  const floored = new Set<number>();
  let scaled = flexible;
  for (let pass = 0; pass <= flexible.length; pass++) {
    const free = room - floored.size * MIN_COLUMN_WIDTH;
    const freeWanted = flexible.reduce((a, w, i) => (floored.has(i) ? a : a + w), 0);
    scaled = flexible.map((w, i) => (floored.has(i) ? MIN_COLUMN_WIDTH : Math.floor((w * free) / freeWanted)));
    const low = scaled.flatMap((w, i) => (!floored.has(i) && w < MIN_COLUMN_WIDTH ? [i] : []));
    if (!low.length || floored.size + low.length === flexible.length) break;
    for (const i of low) floored.add(i);
  }
  scaled = scaled.map((w) => Math.max(MIN_COLUMN_WIDTH, w));
  // Rounding down leaves a few pixels: the last column takes them, when the columns fit at all.
  const used = scaled.reduce((a, b) => a + b, 0);
  if (used < room) scaled[scaled.length - 1]! += room - used;
  return [...kept, ...scaled];
}
