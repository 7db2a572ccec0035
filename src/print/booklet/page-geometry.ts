// Measurements of the printed page shared by the fit planner, the print check and the page
// components (which set these sizes inline), so that what is planned is what is drawn.
import type { PageLayout } from "../../shared/constants";

export const PT_PER_IN = 72;
export const PAGE_WIDTH_IN = 8.5;
export const PAGE_HEIGHT_IN = 11;
export const BLEED_IN = 0.125;

/** Text stays at least this far inside the trim on every side (safe margin), per layout. */
export const PAGE_MARGIN_IN: Record<PageLayout, number> = {
  standard: 0.75,
  modern: 0.7,
  minimalist: 0.9,
  elegant: 0.85,
};

/** Body text size in pt at scale 1, and its line height as a multiple of the size. */
export const BODY_SIZE_PT = 12;
export const BODY_LINE_HEIGHT = 1.5;
/** The smallest scale the planner may shrink a page's text to before continuing it on a new page: body text never prints below 11 pt. */
export const MIN_FIT_SCALE = 11 / BODY_SIZE_PT;

/**
 * The largest scale each section's text grows to when it is short, so a short page is set large
 * and fills its page instead of sitting in its top third (1.5 sets 12 pt body at 18 pt).
 */
export const TYPE_CEILING: Record<string, number> = {
  "inside-left": 1.5,
  "life-reflections": 1.5,
  "order-service": 1.45,
  tributes: 1.45,
  acknowledgments: 1.6,
};

/** Size of a flowing page's title (a long name is set smaller, see text-fit.ts), in pt. */
export const HEADING_TITLE_PT: Record<PageLayout, number> = {
  standard: 25,
  modern: 25,
  minimalist: 21,
  elegant: 25,
};

/** Height of a flowing page's heading (title, ornament, spacing) and of its footer, in pt. */
export const FLOW_HEADING_PT = 84;
export const FLOW_FOOTER_PT = 26;

export const contentWidthPt = (layout: PageLayout) =>
  (PAGE_WIDTH_IN - 2 * PAGE_MARGIN_IN[layout]) * PT_PER_IN;
export const contentHeightPt = (layout: PageLayout) =>
  (PAGE_HEIGHT_IN - 2 * PAGE_MARGIN_IN[layout]) * PT_PER_IN;

/** The portrait box on the cover, in inches, per layout (modern runs the photo across the bleed). */
export const COVER_PHOTO_IN: Record<PageLayout, { width: number; height: number }> = {
  standard: { width: 4.2, height: 5.1 },
  modern: { width: PAGE_WIDTH_IN + 2 * BLEED_IN, height: 5.6 },
  minimalist: { width: 3.5, height: 4.4 },
  elegant: { width: 3.8, height: 4.8 },
};

/** The memorial portrait on the back page. */
export const BACK_PHOTO_IN = { width: 3, height: 3.75 };

/** Gap between composed photos, and the room under a row for captions of up to two lines. */
export const PHOTO_GAP_IN = 0.22;
export const CAPTION_HEIGHT_IN = 0.4;

/** The Sunrise / Sunset dates heading the inside page, and the service details heading the order of service, at scale 1 (pt). */
export const LIFE_DATES_PT = 48;
export const SERVICE_DETAILS_PT = 116;
