// Family text that must print whole on one or two lines (a name heading a page, a photo's
// caption) is set smaller, down to a floor, instead of being cut; below the floor it wraps on
// and the print check says so. The estimate is the planner's (no browser), so it runs in the
// preview and in the PDF engine alike.
import { countLines, type TextMeasure } from "./flow-blocks";

export type TextFit = {
  sizePt: number;
  /** False when even the floor needs more lines than allowed: the print check reports it. */
  fits: boolean;
};

/** The planner's character widths run a little narrower than italic and capital-heavy names print. */
const WIDTH_MARGIN = 0.88;

/** The largest size from `largestPt` down to `floorPt` (0.5 pt steps) at which `text` wraps to at most `lines(size)` lines. */
const fitText = (
  text: string,
  measure: TextMeasure,
  largestPt: number,
  floorPt: number,
  lines: (sizePt: number) => number,
): TextFit => {
  const narrowed = { ...measure, widthPt: measure.widthPt * WIDTH_MARGIN };
  for (let size = largestPt; size >= floorPt; size -= 0.5) {
    if (countLines(text, size, narrowed) <= lines(size)) return { sizePt: size, fits: true };
  }
  return { sizePt: floorPt, fits: false };
};

/** A page heading's title: one line down to 19 pt, then two balanced lines of at most 17 pt, down to 13 pt. */
export const headingFit = (title: string, measure: TextMeasure, largestPt: number): TextFit =>
  fitText(title, measure, largestPt, 13, (size) => (size >= 19 ? 1 : size <= 17 ? 2 : 0));

/** Designed caption size and its floor, in pt; captions have room for two lines. */
const CAPTION_SIZE_PT = 9.5;
const CAPTION_FLOOR_PT = 7.5;

export const captionFit = (caption: string, widthPt: number, averageCharEm: number): TextFit =>
  fitText(caption, { widthPt, averageCharEm }, CAPTION_SIZE_PT, CAPTION_FLOOR_PT, () => 2);
