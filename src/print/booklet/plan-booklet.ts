// Decides what each printed page holds: the 8 pages in reading order, text shrunk within a floor
// or continued on added pages (the count stays a multiple of 4), photos placed at known printed
// sizes, and the print check that tells the family what was adjusted.
import { DEFAULT_SERVICE_ORDER, LIMITS, PRINT_SPECS } from "../../shared/constants";
import type { Photo, ProgramInput } from "../../shared/schemas";
import { FONT_FACES } from "./design";
import { blockHeightPt, type FlowBlock, splitBlock, type TextMeasure } from "./flow-blocks";
import {
  BACK_PHOTO_IN,
  CAPTION_HEIGHT_IN,
  COVER_PHOTO_IN,
  contentHeightPt,
  contentWidthPt,
  FLOW_FOOTER_PT,
  FLOW_HEADING_PT,
  HEADING_TITLE_PT,
  LIFE_DATES_PT,
  MIN_FIT_SCALE,
  PHOTO_GAP_IN,
  PT_PER_IN,
  SERVICE_DETAILS_PT,
  TYPE_CEILING,
} from "./page-geometry";
import { composePhotos } from "./photo-layout";
import { captionFit, headingFit } from "./text-fit";

export type { FlowBlock } from "./flow-blocks";

export type BookletPageKind =
  | "cover"
  | "inside-left"
  | "life-reflections"
  | "order-service"
  | "photo-memories"
  | "tributes"
  | "acknowledgments"
  | "back"
  /** A lined page added so the page count stays a multiple of 4. */
  | "notes";

/** A photo at the size it prints, in inches. */
export type PlacedPhoto = {
  id: string;
  url: string;
  caption: string;
  widthIn: number;
  heightIn: number;
  /** The row of the page's photo grid this photo sits in. */
  row?: number;
  /** Spans the page's full width and its bleed (the modern cover). */
  fullBleed?: boolean;
  /** The point of the photo (0..1 across and down) every crop keeps in view. */
  focalX?: number;
  focalY?: number;
};

export type BookletPage = {
  key: string;
  kind: BookletPageKind;
  label: string;
  /** Text on flowing pages, already fitted to this page. */
  blocks?: FlowBlock[];
  /** Font scale chosen to fit the text (1 = designed size). */
  scale?: number;
  /** Extra space between the text's blocks, so short text spreads with rhythm. */
  spreadPt?: number;
  /** This page continues the section of the page before it. */
  continued?: boolean;
  photos?: PlacedPhoto[];
};

export type PrintCheck = { level: "info" | "warning"; message: string };

export type BookletPlan = { pages: BookletPage[]; checks: PrintCheck[] };

export type PlanOptions = {
  /** Pixel sizes of photos known to the caller (the PDF engine knows every loaded photo's). */
  photoSize?: (url: string) => { width: number; height: number } | undefined;
  /** Fraction of a page's estimated room the planner fills; the PDF engine lowers it if Chromium's real layout overflows. */
  fill?: number;
  /** Photo addresses the program shows that could not be found (removed, e.g. in another tab). */
  isMissing?: (url: string) => boolean;
};

const DEFAULT_FILL = 0.95;

/**
 * Type scales tried in turn on a page whose real layout (Chromium's) overflows the planner's
 * estimate. Only that page's type is set smaller: its page breaks stay those the family saw.
 */
export const OVERFLOW_SHRINK_STEPS = [0.95, 0.9, 0.84];

/** The plan with the text of the pages `keys` set at `shrink` of their planned size, without the spread. */
export const shrinkPages = (plan: BookletPlan, keys: Set<string>, shrink: number): BookletPlan => ({
  ...plan,
  pages: plan.pages.map((page) =>
    keys.has(page.key) ? { ...page, scale: (page.scale ?? 1) * shrink, spreadPt: 0 } : page,
  ),
});
/** Sections can grow to at most this many pages each; beyond, the print check asks to shorten. */
const MAX_SECTION_PAGES = 6;
const WARN_DPI = 200;
/** Booklets print with at least this many pages. */
const MIN_PAGES = 8;

const LABELS: Record<BookletPageKind, string> = {
  cover: "Cover",
  "inside-left": "Inside left",
  "life-reflections": "Life reflections",
  "order-service": "Order of service",
  "photo-memories": "Photo memories",
  tributes: "Tributes",
  acknowledgments: "Acknowledgments",
  back: "Back",
  notes: "Notes",
};

const paragraphs = (text: string, style: "body" | "verse"): FlowBlock[] =>
  text
    .split(/\n\s*\n|\r\n\s*\r\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => ({ type: "paragraph", text: p, style }));

export const pallbearerNames = (pallbearers: string) =>
  pallbearers
    .split(/\r?\n/)
    .map((n) => n.trim())
    .filter(Boolean);

/** The day, place or officiant that head the order of service. */
export const hasServiceDetails = (program: ProgramInput) =>
  Boolean(program.serviceDate || program.location.trim() || program.officiant.trim());

export const orderedServiceItems = (program: ProgramInput) =>
  program.serviceItems.length > 0
    ? [...program.serviceItems].sort((a, b) => a.order - b.order)
    : DEFAULT_SERVICE_ORDER.map((title, i) => ({ id: `default-${i}`, title, person: "", order: i + 1 }));

/**
 * Which photo goes where: cover, up to 3 on the inside page, the memorial photo on the back, the
 * rest on the memories page. When every photo would go inside, the inside page keeps the first
 * and the memories page shows the others large, so no page is left without its photos.
 */
export const assignPhotos = (program: ProgramInput) => {
  const photos = [...program.additionalPhotos].sort((a, b) => a.order - b.order);
  const coverPhoto = program.mainPhotoUrl ? undefined : photos.find((p) => p.position === "cover");
  const coverUrl = program.mainPhotoUrl || coverPhoto?.url || "";
  const rest = photos.filter((p) => p !== coverPhoto);
  const backPhoto = rest.find((p) => p.position === "memorial");
  const insideCandidates = rest.filter(
    (p) => p !== backPhoto && (p.position === "life" || p.position === "service"),
  );
  const inside = insideCandidates.slice(0, LIMITS.insidePageAdditionalPhotos);
  const memories = rest.filter((p) => p !== backPhoto && !inside.includes(p));
  if (memories.length === 0 && inside.length > 1)
    return { coverUrl, inside: inside.slice(0, 1), memories: inside.slice(1), backPhoto };
  return { coverUrl, inside, memories, backPhoto };
};

type Section = {
  kind: BookletPageKind;
  blocks: FlowBlock[];
  heightPt: number;
  /** Height of what heads the section's first page (dates, service details) at scale 1; it scales with the text. */
  leadPt?: number;
};

const textHeightPt = (blocks: FlowBlock[], scale: number, measure: TextMeasure) =>
  blocks.reduce((sum, b) => sum + blockHeightPt(b, scale, measure), 0);

/** Extra space between blocks, at most, when a short section still leaves room at its largest type. */
const MAX_SPREAD_PT = 26;

type FittedPart = { blocks: FlowBlock[]; scale: number; spreadPt?: number };

/** A tribute up to this share of a page is short: it moves to the next page rather than splitting. */
const SHORT_TRIBUTE_SHARE = 0.5;

/** A verse paragraph (a stanza) is never split when a page holds it; nor is a short tribute. */
const keepsWhole = (block: FlowBlock, heightPt: number, room: number) =>
  (block.type === "paragraph" && block.style === "verse" && heightPt <= room) ||
  (block.type === "tribute" && heightPt <= room * SHORT_TRIBUTE_SHARE);

/** Cuts blocks into pages of at most `room` pt at the designed size; the first page also holds the lead. */
const splitIntoPages = (
  blocks: FlowBlock[],
  room: number,
  lead: number,
  measure: TextMeasure,
): FittedPart[] => {
  const pages: FittedPart[] = [];
  let current: FlowBlock[] = [];
  let used = lead;
  const queue = [...blocks];
  while (queue.length > 0) {
    const block = queue.shift() as FlowBlock;
    const h = blockHeightPt(block, 1, measure);
    if (used + h <= room) {
      current.push(block);
      used += h;
      continue;
    }
    // A stanza or a short tribute that fits whole on the next page goes there whole.
    const keptWhole = current.length > 0 && keepsWhole(block, h, room);
    const split =
      block.type === "subheading" || keptWhole ? undefined : splitBlock(block, room - used, 1, measure);
    if (split) {
      current.push(split[0]);
      queue.unshift(split[1]);
    } else if (current.length === 0) {
      // Nothing smaller exists (one very long line): give it a page of its own.
      current.push(block);
    } else {
      queue.unshift(block);
    }
    // A subheading never ends a page.
    const last = current[current.length - 1];
    if (last?.type === "subheading" && current.length > 1) queue.unshift(current.pop() as FlowBlock);
    pages.push({ blocks: current, scale: 1 });
    current = [];
    used = 0;
  }
  if (current.length > 0) pages.push({ blocks: current, scale: 1 });
  return pages;
};

/**
 * Fits one section: as large as its type ceiling allows (blocks spread a little when even that
 * leaves room), else the designed size, else shrunk down to the floor, else continued on added
 * pages that share the text evenly, so the last page is not a few stray lines.
 */
const fitSection = (
  section: Section,
  measure: TextMeasure,
  fill: number,
  checks: PrintCheck[],
): FittedPart[] => {
  const room = section.heightPt * fill;
  const lead = section.leadPt ?? 0;
  const total = (scale: number) => textHeightPt(section.blocks, scale, measure) + lead * scale;
  if (total(1) <= room) {
    const scale = largestScale(total, room, TYPE_CEILING[section.kind] ?? 1);
    const gaps = section.blocks.length - 1;
    const spreadPt = gaps > 0 ? Math.min(MAX_SPREAD_PT, ((room - total(scale)) * 0.6) / gaps) : 0;
    return [{ blocks: section.blocks, scale, spreadPt: Math.max(0, Math.floor(spreadPt)) }];
  }
  for (let scale = 0.98; scale >= MIN_FIT_SCALE - 1e-9; scale -= 0.02) {
    if (total(scale) <= room) {
      checks.push({
        level: "info",
        message: `${LABELS[section.kind]}: the text was set at ${Math.round(scale * 100)}% of its size to fit its page.`,
      });
      return [{ blocks: section.blocks, scale }];
    }
  }
  let pages = splitIntoPages(section.blocks, room, lead, measure);
  for (let share = total(1) / pages.length; share < room; share += room * 0.04) {
    const even = splitIntoPages(section.blocks, share, lead, measure);
    if (even.length <= pages.length) {
      pages = even;
      break;
    }
  }
  if (pages.length > MAX_SECTION_PAGES) {
    checks.push({
      level: "warning",
      message: `${LABELS[section.kind]} is too long to print well: it needs ${pages.length} pages. Please shorten it; only the first ${MAX_SECTION_PAGES} pages are printed.`,
    });
    return pages.slice(0, MAX_SECTION_PAGES);
  }
  checks.push({
    level: "info",
    message: `${LABELS[section.kind]} continues on ${pages.length - 1} added page${pages.length > 2 ? "s" : ""}.`,
  });
  return pages;
};

/** The largest scale up to the ceiling at which the text still fits its room (1 when none above does). */
const largestScale = (total: (scale: number) => number, room: number, ceiling: number) => {
  for (let scale = ceiling; scale > 1; scale -= 0.02) {
    if (total(scale) <= room) return Math.round(scale * 100) / 100;
  }
  return 1;
};

/** Photos may be trimmed by up to this share of their width to fill their page. */
const MAX_PHOTO_CROP = 0.15;

type PhotoSizeLookup = (photo: Photo) => { width: number; height: number } | undefined;

/**
 * What each size the family chose does: Small fills part of its place in the composed rows; Medium
 * (the default) fills it, as photos always have; Large and Full take a row of their own that may
 * stand taller than the page's usual photo height, so each size prints visibly larger than the one
 * before it.
 */
export const PHOTO_SIZES_PRINTED: Record<Photo["size"], { share: number; alone: boolean; capScale: number }> =
  {
    small: { share: 0.6, alone: false, capScale: 1 },
    medium: { share: 1, alone: false, capScale: 1 },
    large: { share: 1, alone: true, capScale: 1.2 },
    full: { share: 1, alone: true, capScale: 1.45 },
  };

/** Photos composed into a box at their aspect ratios (4:5 portrait when the size is unknown). */
const composeInto = (
  photos: Photo[],
  size: PhotoSizeLookup,
  box: { widthIn: number; heightIn: number; maxPhotoHeightIn?: number },
): PlacedPhoto[] => {
  const shapes = photos.map((p) => {
    const px = size(p);
    return {
      aspect: px && px.width > 0 && px.height > 0 ? px.width / px.height : 0.8,
      alone: PHOTO_SIZES_PRINTED[p.size].alone,
      capScale: PHOTO_SIZES_PRINTED[p.size].capScale,
    };
  });
  const composed = composePhotos(shapes, {
    ...box,
    gapIn: PHOTO_GAP_IN,
    maxCrop: MAX_PHOTO_CROP,
    captionIn: (row) => (row.some((i) => photos[i]?.caption.trim()) ? CAPTION_HEIGHT_IN : 0),
  });
  return photos.flatMap((photo, i) => {
    const placed = composed[i];
    const { share } = PHOTO_SIZES_PRINTED[photo.size];
    return placed
      ? [
          {
            id: photo.id,
            url: photo.url,
            caption: photo.caption,
            widthIn: placed.widthIn * share,
            heightIn: placed.heightIn * share,
            row: placed.row,
            focalX: photo.focalX,
            focalY: photo.focalY,
          },
        ]
      : [];
  });
};

/** Height of composed photos with their captions and gaps, in pt. */
const composedHeightPt = (placed: PlacedPhoto[]) => {
  const rows = new Map<number, PlacedPhoto[]>();
  for (const p of placed) rows.set(p.row ?? 0, [...(rows.get(p.row ?? 0) ?? []), p]);
  let inches = 0;
  for (const row of rows.values()) {
    inches += Math.max(...row.map((p) => p.heightIn));
    if (row.some((p) => p.caption.trim())) inches += CAPTION_HEIGHT_IN;
  }
  return (inches + PHOTO_GAP_IN * Math.max(0, rows.size - 1)) * PT_PER_IN;
};

const resolutionChecks = (
  pages: BookletPage[],
  size: (url: string) => PixelSize | undefined,
): PrintCheck[] => {
  const checks: PrintCheck[] = [];
  for (const page of pages) {
    for (const placed of page.photos ?? []) {
      const px = size(placed.url);
      if (!px) continue;
      // The photo is scaled to cover its box, so its resolution is the smaller of the two ratios.
      const dpi = Math.floor(Math.min(px.width / placed.widthIn, px.height / placed.heightIn));
      if (dpi >= PRINT_SPECS.dpi) continue;
      const name = placed.caption ? `"${placed.caption}"` : `on the ${LABELS[page.kind].toLowerCase()} page`;
      const needed = `${Math.ceil(placed.widthIn * PRINT_SPECS.dpi)} x ${Math.ceil(placed.heightIn * PRINT_SPECS.dpi)}`;
      checks.push({
        level: dpi < WARN_DPI ? "warning" : "info",
        message: `The photo ${name} prints at about ${dpi} dpi (${placed.widthIn.toFixed(1)} x ${placed.heightIn.toFixed(1)} in); for sharp printing at 300 dpi use one of at least ${needed} pixels.`,
      });
    }
  }
  return checks;
};

type PixelSize = { width: number; height: number };

/** A caption is set smaller to fit its two lines; one that still does not fit is named. */
const captionChecks = (pages: BookletPage[], averageCharEm: number): PrintCheck[] =>
  pages.flatMap((page) =>
    (page.photos ?? [])
      .filter((p) => p.caption.trim() && !captionFit(p.caption, p.widthIn * PT_PER_IN, averageCharEm).fits)
      .map((p) => ({
        level: "warning" as const,
        message: `The caption "${p.caption}" is longer than the two lines under its photo on the ${LABELS[page.kind].toLowerCase()} page, so it runs past them. Please shorten it or check that page.`,
      })),
  );

/** Sections printed only when they have content; an empty one would be a page of decoration. */
const LEFT_OUT_WHEN_EMPTY: BookletPageKind[] = [
  "life-reflections",
  "photo-memories",
  "tributes",
  "acknowledgments",
];

/** The life reflections page shares its room with a photo when the text fills less than this. */
const LIFE_PHOTO_TEXT_SHARE = 0.55;

/** The pages to print, in reading order, and what the print check has to say about them. */
/** The program as it can print: a photo that is gone gets no room on any page. */
const withoutMissingPhotos = (program: ProgramInput, isMissing?: (url: string) => boolean): ProgramInput => {
  if (!isMissing) return program;
  const kept = (url: string) => (url && isMissing(url) ? "" : url);
  return {
    ...program,
    mainPhotoUrl: kept(program.mainPhotoUrl),
    backgroundImage: kept(program.backgroundImage),
    additionalPhotos: program.additionalPhotos.filter((photo) => !isMissing(photo.url)),
  };
};

export const planBooklet = (given: ProgramInput, options: PlanOptions = {}): BookletPlan => {
  const program = withoutMissingPhotos(given, options.isMissing);
  const layout = program.pageLayout;
  const fill = options.fill ?? DEFAULT_FILL;
  const measure: TextMeasure = {
    widthPt: contentWidthPt(layout),
    averageCharEm: FONT_FACES[program.fontStyle].averageCharEm,
  };
  const widthIn = contentWidthPt(layout) / PT_PER_IN;
  const flowRoom = contentHeightPt(layout) - FLOW_HEADING_PT - FLOW_FOOTER_PT;
  const known = new Map(program.additionalPhotos.map((p) => [p.url, p]));
  const pixelSize = (url: string): PixelSize | undefined => {
    const stored = known.get(url);
    return (
      options.photoSize?.(url) ??
      (stored?.width && stored.height ? { width: stored.width, height: stored.height } : undefined)
    );
  };
  const photoPixels: PhotoSizeLookup = (photo) => pixelSize(photo.url);
  const checks: PrintCheck[] = [];
  const photos = assignPhotos(program);
  const pages: BookletPage[] = [];
  const leftOut: string[] = [];

  const addSection = (
    kind: BookletPageKind,
    section: Omit<Section, "kind">,
    extra: Partial<BookletPage> = {},
  ) => {
    if (section.blocks.length === 0 && LEFT_OUT_WHEN_EMPTY.includes(kind)) {
      leftOut.push(LABELS[kind]);
      return;
    }
    const parts = section.blocks.length > 0 ? fitSection({ kind, ...section }, measure, fill, checks) : [];
    // A page with no text of its own (the inside page without scripture) sets its lead large.
    if (parts.length === 0) parts.push({ blocks: [], scale: TYPE_CEILING[kind] ?? 1 });
    parts.forEach((part, i) => {
      pages.push({
        key: i === 0 ? kind : `${kind}-${i + 1}`,
        kind,
        label: i === 0 ? LABELS[kind] : `${LABELS[kind]} (continued)`,
        blocks: part.blocks,
        scale: part.scale,
        spreadPt: part.spreadPt,
        ...(i === 0 ? extra : { continued: true }),
      });
    });
  };

  const cover: BookletPage = {
    key: "cover",
    kind: "cover",
    label: LABELS.cover,
    photos: photos.coverUrl
      ? [
          {
            id: "cover",
            url: photos.coverUrl,
            caption: "",
            widthIn: COVER_PHOTO_IN[layout].width,
            heightIn: COVER_PHOTO_IN[layout].height,
            fullBleed: layout === "modern",
            ...focalPoint(program.additionalPhotos.find((p) => p.url === photos.coverUrl)),
          },
        ]
      : [],
  };
  const back = backPage(photos.backPhoto);
  /** The checks every booklet gets, whatever its length. */
  const finish = (printed: BookletPage[]): BookletPlan => {
    if (program.serviceItems.length === 0) checks.push(USUAL_ORDER_CHECK);
    checks.push(...contentChecks(program));
    checks.push(...resolutionChecks(printed, pixelSize));
    checks.push(...captionChecks(printed, measure.averageCharEm));
    checks.push(...missingPhotoChecks(given, options));
    return { pages: printed, checks };
  };

  if (program.bookletPages === "4") {
    const inside = planFourPageInside(program, { measure, fill, flowRoom, widthIn, photoPixels, photos });
    if (inside.pages) {
      checks.push(...inside.checks);
      return finish([cover, ...inside.pages, back]);
    }
    checks.push({
      level: "warning",
      message: `The program does not fit a 4-page booklet (${inside.reason}), so it prints as 8 pages. Shorten it or choose 8 pages on the Design tab.`,
    });
  }
  pages.push(cover);

  // Inside left: the dates, the scripture, and its photos as large as the rest of the page allows.
  const scripture = paragraphs(program.scripture, "verse");
  const scriptureRoom = photos.inside.length > 0 ? flowRoom * 0.36 : flowRoom;
  const scriptureScale = largestScale(
    (s) => textHeightPt(scripture, s, measure) + LIFE_DATES_PT * s,
    scriptureRoom * fill,
    TYPE_CEILING["inside-left"] ?? 1,
  );
  const scriptureUsed = textHeightPt(scripture, scriptureScale, measure) + LIFE_DATES_PT * scriptureScale;
  const insidePhotos = composeInto(photos.inside, photoPixels, {
    widthIn,
    heightIn: Math.max(1.5, (flowRoom - Math.min(scriptureUsed, scriptureRoom) - 24) / PT_PER_IN),
    maxPhotoHeightIn: 5.2,
  });
  addSection(
    "inside-left",
    {
      blocks: scripture,
      heightPt: flowRoom - (insidePhotos.length > 0 ? composedHeightPt(insidePhotos) + 24 : 0),
      leadPt: LIFE_DATES_PT,
    },
    { photos: insidePhotos },
  );

  // Life reflections: short text is set large and shares its page with a photo the memories page can spare.
  const reflections = paragraphs(program.lifeReflections, "body");
  const reflectionsFitPt = textHeightPt(reflections, TYPE_CEILING["life-reflections"] ?? 1, measure);
  const spare =
    reflections.length > 0 &&
    photos.memories.length >= 2 &&
    reflectionsFitPt < flowRoom * LIFE_PHOTO_TEXT_SHARE
      ? (photos.memories.find((p) => p.position === "life") ?? photos.memories[0])
      : undefined;
  const lifePhotos = spare
    ? composeInto([spare], photoPixels, {
        widthIn,
        heightIn: (flowRoom - Math.max(reflectionsFitPt, flowRoom * 0.3) - 24) / PT_PER_IN,
        maxPhotoHeightIn: 4.6,
      })
    : [];
  addSection(
    "life-reflections",
    {
      blocks: reflections,
      heightPt: flowRoom - (lifePhotos.length > 0 ? composedHeightPt(lifePhotos) + 24 : 0),
    },
    { photos: lifePhotos },
  );

  // The service day, time, place and officiant head the first order-of-service page.
  addSection("order-service", {
    blocks: serviceBlocks(program),
    heightPt: flowRoom,
    leadPt: hasServiceDetails(program) ? SERVICE_DETAILS_PT : 0,
  });

  const memoryPhotos = photos.memories.filter((p) => p !== spare);
  if (memoryPhotos.length > 0) {
    pages.push({
      key: "photo-memories",
      kind: "photo-memories",
      label: LABELS["photo-memories"],
      photos: composeInto(memoryPhotos, photoPixels, {
        widthIn,
        heightIn: (flowRoom - 6) / PT_PER_IN,
        maxPhotoHeightIn: 6.8,
      }),
    });
  } else leftOut.push(LABELS["photo-memories"]);

  addSection("tributes", { blocks: tributeBlocks(program), heightPt: flowRoom });
  addSection("acknowledgments", { blocks: acknowledgmentBlocks(program), heightPt: flowRoom });

  if (leftOut.length > 0) {
    const list =
      leftOut.length === 1 ? leftOut[0] : `${leftOut.slice(0, -1).join(", ")} and ${leftOut.at(-1)}`;
    checks.push({
      level: "info",
      message: `${list} ${leftOut.length === 1 ? "has" : "have"} nothing to print yet, so ${leftOut.length === 1 ? "its page is" : "their pages are"} left out. Add ${leftOut.length === 1 ? "it" : "them"} in the builder to print ${leftOut.length === 1 ? "that page" : "those pages"} instead of notes pages.`,
    });
  }

  // The back cover stays last; notes pages (lines for guests' memories) go before it so the
  // sheets fold and the booklet has at least its 8 pages.
  const padding = Math.max(MIN_PAGES - (pages.length + 1), (4 - ((pages.length + 1) % 4)) % 4);
  for (let i = 0; i < padding; i++) {
    pages.push({ key: `notes-${i + 1}`, kind: "notes", label: LABELS.notes });
  }
  if (padding > 0) {
    checks.push({
      level: "info",
      message: `${padding} notes page${padding > 1 ? "s were" : " was"} added so the booklet has ${pages.length + 1} pages (booklets print in fours${pages.length + 1 === MIN_PAGES ? ", at least 8" : ""}).`,
    });
  }
  pages.push(back);
  return finish(pages);
};

const serviceBlocks = (program: ProgramInput): FlowBlock[] =>
  orderedServiceItems(program).map((item) => ({
    type: "service-item",
    title: item.title,
    person: item.person,
  }));

const tributeBlocks = (program: ProgramInput): FlowBlock[] =>
  program.tributes
    .filter((t) => t.message.trim() || t.author.trim())
    .map((t) => ({
      type: "tribute",
      message: t.message.trim(),
      author: t.author.trim(),
      relationship: t.relationship.trim(),
      continues: false,
      continued: false,
    }));

const acknowledgmentBlocks = (program: ProgramInput): FlowBlock[] => {
  const names = pallbearerNames(program.pallbearers);
  const thanks = paragraphs(program.acknowledgments, "body");
  return [
    ...(names.length > 0
      ? [{ type: "subheading", text: "Pallbearers" } as FlowBlock, { type: "names", names } as FlowBlock]
      : []),
    ...(thanks.length > 0 ? [{ type: "subheading", text: "With Gratitude" } as FlowBlock, ...thanks] : []),
  ];
};

/** Blocks under a subheading, or none when the section is empty. */
const titled = (title: string, blocks: FlowBlock[]): FlowBlock[] =>
  blocks.length > 0 ? [{ type: "subheading", text: title }, ...blocks] : [];

/** The 4-page booklet's inside page holds at most this many photos beside its text. */
const FOUR_PAGE_MAX_PHOTOS = 4;
/** Photos on that page get at most this share of its room, and at least 2.2 in. */
const FOUR_PAGE_PHOTO_SHARE = 0.5;
const FOUR_PAGE_MIN_PHOTO_PT = 2.2 * PT_PER_IN;
/** Room between the text and the photos, in pt. */
const PHOTO_TEXT_GAP_PT = 24;

type FourPageContext = {
  measure: TextMeasure;
  fill: number;
  flowRoom: number;
  widthIn: number;
  photoPixels: PhotoSizeLookup;
  photos: ReturnType<typeof assignPhotos>;
};

type FourPageResult = { pages?: BookletPage[]; checks: PrintCheck[]; reason?: string };

/**
 * The two inside pages of a 4-page booklet: the dates, verse, life reflections and photos on
 * the first; the order of service on the second. Tributes and thanks go beside the order of
 * service, or with the life reflections when that page has the room. Each page must fit within
 * the type floor; otherwise says why, and the booklet keeps its 8 pages.
 */
const planFourPageInside = (program: ProgramInput, context: FourPageContext): FourPageResult => {
  const insidePhotos = [...context.photos.inside, ...context.photos.memories];
  if (insidePhotos.length > FOUR_PAGE_MAX_PHOTOS) {
    return { checks: [], reason: `${insidePhotos.length} photos go inside; ${FOUR_PAGE_MAX_PHOTOS} fit` };
  }
  const tributes = titled("Tributes", tributeBlocks(program));
  const thanks = acknowledgmentBlocks(program);
  // Where tributes and thanks go, most natural first: [with the life reflections, with the service].
  const splits: [FlowBlock[], FlowBlock[]][] = [
    [[], [...tributes, ...thanks]],
    [tributes, thanks],
    [[...tributes, ...thanks], []],
  ];
  let first: FourPageResult | undefined;
  for (const [withMemory, withService] of splits) {
    const result = composeFourPageInside(program, context, insidePhotos, withMemory, withService);
    if (result.pages) return result;
    first ??= result;
  }
  return first as FourPageResult;
};

const composeFourPageInside = (
  program: ProgramInput,
  { measure, fill, flowRoom, widthIn, photoPixels }: FourPageContext,
  insidePhotos: Photo[],
  withMemory: FlowBlock[],
  withService: FlowBlock[],
): FourPageResult => {
  const checks: PrintCheck[] = [];
  const memoryBlocks = [
    ...paragraphs(program.scripture, "verse"),
    ...titled("Life Reflections", paragraphs(program.lifeReflections, "body")),
    ...withMemory,
  ];
  const textPt = textHeightPt(memoryBlocks, 1, measure) + LIFE_DATES_PT;
  const placed =
    insidePhotos.length > 0
      ? composeInto(insidePhotos, photoPixels, {
          widthIn,
          heightIn:
            Math.max(
              FOUR_PAGE_MIN_PHOTO_PT,
              Math.min(flowRoom * FOUR_PAGE_PHOTO_SHARE, flowRoom - textPt / fill - PHOTO_TEXT_GAP_PT),
            ) / PT_PER_IN,
          maxPhotoHeightIn: 4.6,
        })
      : [];
  if (placed.length < insidePhotos.length) return { checks, reason: "its photos do not fit beside the text" };
  const fitOne = (section: Section) => {
    const parts = fitSection(section, measure, fill, checks);
    return parts.length === 1 ? parts[0] : undefined;
  };
  const memory = fitOne({
    kind: "inside-left",
    blocks: memoryBlocks,
    heightPt: flowRoom - (placed.length > 0 ? composedHeightPt(placed) + PHOTO_TEXT_GAP_PT : 0),
    leadPt: LIFE_DATES_PT,
  });
  if (!memory) return { checks, reason: "the verse, life reflections and photos need more than a page" };
  const service = fitOne({
    kind: "order-service",
    blocks: [...serviceBlocks(program), ...withService],
    heightPt: flowRoom,
    leadPt: hasServiceDetails(program) ? SERVICE_DETAILS_PT : 0,
  });
  if (!service) return { checks, reason: "the order of service, tributes and thanks need more than a page" };
  return {
    checks,
    pages: [
      { key: "inside-left", kind: "inside-left", label: LABELS["inside-left"], ...memory, photos: placed },
      { key: "order-service", kind: "order-service", label: LABELS["order-service"], ...service },
    ],
  };
};

const USUAL_ORDER_CHECK: PrintCheck = {
  level: "info",
  message:
    "The order of service shows the usual order (Processional to Recessional): edit it under Service Details.",
};

/** The size a flowing page's title prints at (the inside page's title is the full name). */
export const pageTitleFit = (program: ProgramInput, title: string, continued = false) =>
  headingFit(
    continued ? `${title} (continued)` : title,
    {
      widthPt: contentWidthPt(program.pageLayout),
      averageCharEm: FONT_FACES[program.fontStyle].averageCharEm,
    },
    HEADING_TITLE_PT[program.pageLayout],
  );

const contentChecks = (program: ProgramInput): PrintCheck[] => {
  const checks: PrintCheck[] = [];
  if (program.fullName.length > 60) {
    checks.push({ level: "info", message: "The name is long, so it is set smaller on the cover." });
  }
  if (program.fullName.trim() && !pageTitleFit(program, program.fullName).fits) {
    checks.push({
      level: "warning",
      message:
        "The full name is too long for the heading of the inside page, even in smaller type, so it runs onto a third line there. Please look at that page before printing.",
    });
  }
  for (const [field, label] of [
    ["lifeReflections", "Life reflections"],
    ["fullName", "The full name"],
  ] as const) {
    if (!program[field].trim()) checks.push({ level: "warning", message: `${label} is empty.` });
  }
  return checks;
};

/** The photo's focal point, when the family set one. */
const focalPoint = (photo: Photo | undefined) =>
  photo?.focalX === undefined || photo.focalY === undefined
    ? {}
    : { focalX: photo.focalX, focalY: photo.focalY };

const backPage = (photo: Photo | undefined): BookletPage => ({
  key: "back",
  kind: "back",
  label: LABELS.back,
  photos: photo
    ? [
        {
          id: photo.id,
          url: photo.url,
          caption: photo.caption,
          widthIn: BACK_PHOTO_IN.width,
          heightIn: BACK_PHOTO_IN.height,
          ...focalPoint(photo),
        },
      ]
    : [],
});

/** A photo that is gone would silently be left out of the print: say which. */
const missingPhotoChecks = (program: ProgramInput, { isMissing }: PlanOptions): PrintCheck[] => {
  if (!isMissing) return [];
  const named = [
    { url: program.mainPhotoUrl, name: "The main photo" },
    { url: program.backgroundImage, name: "The background image" },
    ...program.additionalPhotos.map((p, i) => ({
      url: p.url,
      name: p.caption ? `The photo "${p.caption}"` : `Photo ${i + 1}`,
    })),
  ];
  return named
    .filter(({ url }) => url && isMissing(url))
    .map(({ name }) => ({
      level: "warning" as const,
      message: `${name} is missing (it may have been removed in another window) and will not print. Please remove it or upload it again.`,
    }));
};
