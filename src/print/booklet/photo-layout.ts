// Composes photos into a box the way a layout artist would: rows that span the box's width (or,
// when that would be too tall, share one height, centred), every photo at its own aspect ratio
// (nothing cropped). Every way
// of cutting the photos, in order, into rows is tried (at most 2^7 for 8 photos) and the one that
// covers the most of the box with the most even rows wins.

export type PhotoShape = {
  /** Width divided by height. */
  aspect: number;
  /** Takes a row of its own (the family chose a Large or Full size). */
  alone?: boolean;
  /** How much taller than the box's photo height cap its row may be (1 when not given). */
  capScale?: number;
};

export type ComposedPhoto = { row: number; widthIn: number; heightIn: number };

export type PhotoBox = {
  widthIn: number;
  heightIn: number;
  gapIn: number;
  /** Room under each row for its captions (0 when no photo in the row has one). */
  captionIn: (photoIndices: number[]) => number;
  /** No photo is drawn taller than this. */
  maxPhotoHeightIn?: number;
  /**
   * Rows may grow taller than the photos' shapes by up to this fraction when the box has room
   * left, trimming a little off each photo's sides (as a print shop crops to fill a page).
   */
  maxCrop?: number;
};

/** Every split of 0..n-1 into consecutive rows. */
const rowSplits = (n: number): number[][][] => {
  const splits: number[][][] = [];
  for (let mask = 0; mask < 1 << Math.max(0, n - 1); mask++) {
    const rows: number[][] = [[0]];
    for (let i = 1; i < n; i++) {
      if (mask & (1 << (i - 1))) rows.push([i]);
      else rows[rows.length - 1]?.push(i);
    }
    splits.push(rows);
  }
  return splits;
};

const layoutRows = (rows: number[][], shapes: PhotoShape[], box: PhotoBox) => {
  const naturalHeights = rows.map((row) => {
    const aspects = row.reduce((sum, i) => sum + (shapes[i]?.aspect ?? 1), 0);
    return (box.widthIn - box.gapIn * (row.length - 1)) / aspects;
  });
  const captions = rows.map((row) => box.captionIn(row));
  const fixed = captions.reduce((a, b) => a + b, 0) + box.gapIn * (rows.length - 1);
  const room = box.heightIn - fixed;
  if (room <= 0) return undefined;
  // Rows too tall for the box are capped at one common height (narrower than the box, centred),
  // so a lone portrait does not shrink every other row with it. A row of a larger photo may be
  // capped higher (its capScale).
  const scales = rows.map((row) => Math.max(...row.map((i) => shapes[i]?.capScale ?? 1)));
  const rowCap = (cap: number, r: number) => cap * (scales[r] ?? 1);
  const capped = (cap: number) => naturalHeights.reduce((sum, h, r) => sum + Math.min(h, rowCap(cap, r)), 0);
  let low = 0;
  let high = Math.min(
    box.maxPhotoHeightIn ?? Infinity,
    Math.max(...naturalHeights.map((h, r) => h / (scales[r] ?? 1))),
  );
  if (capped(high) > room) {
    for (let i = 0; i < 40; i++) {
      const mid = (low + high) / 2;
      if (capped(mid) > room) high = mid;
      else low = mid;
    }
    high = low;
  }
  const heights = naturalHeights.map((h, r) => Math.min(h, rowCap(high, r)));
  const used = heights.reduce((sum, h) => sum + h, 0);
  const grow = Math.min(
    1 + (box.maxCrop ?? 0),
    room / used,
    ...heights.map((h, r) => rowCap(box.maxPhotoHeightIn ?? Infinity, r) / h),
  );
  const boxHeights = heights.map((h) => h * Math.max(1, grow));
  const area = rows.reduce(
    (sum, row, r) => sum + row.reduce((s, i) => s + (heights[r] ?? 0) ** 2 * (shapes[i]?.aspect ?? 1), 0),
    0,
  );
  // Rows of very different heights look accidental; a little unevenness is fine.
  const evenness = (Math.min(...heights) / Math.max(...heights)) ** 0.5;
  return { heights, boxHeights, score: area * evenness };
};

/** Sizes for each photo, in the given order, or [] when there are none. */
export const composePhotos = (shapes: PhotoShape[], box: PhotoBox): ComposedPhoto[] => {
  let best: { rows: number[][]; heights: number[]; boxHeights: number[]; score: number } | undefined;
  for (const rows of rowSplits(shapes.length)) {
    if (rows.some((row) => row.length > 1 && row.some((i) => shapes[i]?.alone))) continue;
    const laid = layoutRows(rows, shapes, box);
    if (laid && (!best || laid.score > best.score)) best = { rows, ...laid };
  }
  if (!best) return [];
  const placed: ComposedPhoto[] = [];
  best.rows.forEach((row, r) => {
    const shapeHeight = best.heights[r] ?? 0;
    const heightIn = best.boxHeights[r] ?? shapeHeight;
    for (const i of row) placed[i] = { row: r, widthIn: shapeHeight * (shapes[i]?.aspect ?? 1), heightIn };
  });
  return placed;
};
