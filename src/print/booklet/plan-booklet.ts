// Decides what each printed page holds: the 8 pages in reading order, text shrunk within a floor
// or continued on added pages (the count stays a multiple of 4), photos placed at known printed
// sizes, and the print check that tells the family what was adjusted.
import { DEFAULT_SERVICE_ORDER, LIMITS, type PageLayout, PRINT_SPECS } from "../../shared/constants";
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
  INSIDE_PHOTO_HEIGHT_IN,
  MIN_FIT_SCALE,
  PHOTO_GAP_IN,
  PT_PER_IN,
} from "./page-geometry";

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
  /** Small photos sit inside their cell at this fraction of its size. */
  inset?: number;
  /** Spans the page's full width and its bleed (the modern cover). */
  fullBleed?: boolean;
};

export type BookletPage = {
  key: string;
  kind: BookletPageKind;
  label: string;
  /** Text on flowing pages, already fitted to this page. */
  blocks?: FlowBlock[];
  /** Font scale chosen to fit the text (1 = designed size). */
  scale?: number;
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
/** Sections can grow to at most this many pages each; beyond, the print check asks to shorten. */
const MAX_SECTION_PAGES = 6;
const WARN_DPI = 200;

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

export const orderedServiceItems = (program: ProgramInput) =>
  program.serviceItems.length > 0
    ? [...program.serviceItems].sort((a, b) => a.order - b.order)
    : DEFAULT_SERVICE_ORDER.map((title, i) => ({ id: `default-${i}`, title, person: "", order: i + 1 }));

/** Which photo goes where (spec section 9): cover, up to 3 on the inside page, the rest on the memories page. */
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
  return { coverUrl, inside, memories, backPhoto };
};

type Section = { kind: BookletPageKind; blocks: FlowBlock[]; heightPt: number; widthPt?: number };

/** Fits one section: designed size, else shrunk down to the floor, else continued on added pages. */
const fitSection = (
  section: Section,
  measure: TextMeasure,
  fill: number,
  checks: PrintCheck[],
): { blocks: FlowBlock[]; scale: number }[] => {
  const room = section.heightPt * fill;
  const m = section.widthPt ? { ...measure, widthPt: section.widthPt } : measure;
  const total = (scale: number) => section.blocks.reduce((sum, b) => sum + blockHeightPt(b, scale, m), 0);
  if (total(1) <= room) return [{ blocks: section.blocks, scale: 1 }];
  for (let scale = 0.96; scale >= MIN_FIT_SCALE - 1e-9; scale -= 0.02) {
    if (total(scale) <= room) {
      checks.push({
        level: "info",
        message: `${LABELS[section.kind]}: the text was set at ${Math.round(scale * 100)}% of its size to fit its page.`,
      });
      return [{ blocks: section.blocks, scale }];
    }
  }
  const pages: { blocks: FlowBlock[]; scale: number }[] = [];
  let current: FlowBlock[] = [];
  let used = 0;
  const queue = [...section.blocks];
  while (queue.length > 0) {
    const block = queue.shift() as FlowBlock;
    const h = blockHeightPt(block, 1, m);
    if (used + h <= room) {
      current.push(block);
      used += h;
      continue;
    }
    const split = block.type === "subheading" ? undefined : splitBlock(block, room - used, 1, m);
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

const photoBox = (photo: Photo, widthIn: number, heightIn: number, inset?: number): PlacedPhoto => ({
  id: photo.id,
  url: photo.url,
  caption: photo.caption,
  widthIn,
  heightIn,
  inset,
});

/** Up to three photos side by side across the inside page. */
const placeInsidePhotos = (photos: Photo[], layout: PageLayout): PlacedPhoto[] => {
  if (photos.length === 0) return [];
  const contentIn = contentWidthPt(layout) / PT_PER_IN;
  const width = Math.min(3, (contentIn - PHOTO_GAP_IN * (photos.length - 1)) / photos.length);
  return photos.map((p) => photoBox(p, width, INSIDE_PHOTO_HEIGHT_IN));
};

/** The memories page: rows of one or two photos (large and full take a whole row), sharing the page's height. */
const placeMemoryPhotos = (photos: Photo[], layout: PageLayout): PlacedPhoto[] => {
  if (photos.length === 0) return [];
  const contentIn = contentWidthPt(layout) / PT_PER_IN;
  const roomIn = (contentHeightPt(layout) - FLOW_HEADING_PT - FLOW_FOOTER_PT) / PT_PER_IN;
  const units = photos.map((p) => (p.size === "large" || p.size === "full" ? 2 : 1));
  let rows = 0;
  let filled = 2;
  for (const u of units) {
    if (filled + u > 2) {
      rows += 1;
      filled = 0;
    }
    filled += u;
  }
  const rowIn = Math.min(4.6, (roomIn - (rows - 1) * PHOTO_GAP_IN) / rows - CAPTION_HEIGHT_IN);
  const halfIn = (contentIn - PHOTO_GAP_IN) / 2;
  return photos.map((p, i) => {
    const wide = units[i] === 2;
    const width = p.size === "large" ? contentIn * 0.8 : wide ? contentIn : halfIn;
    return photoBox(p, width, rowIn, p.size === "small" ? 0.78 : undefined);
  });
};

const resolutionChecks = (
  pages: BookletPage[],
  options: PlanOptions,
  program: ProgramInput,
): PrintCheck[] => {
  const known = new Map(program.additionalPhotos.map((p) => [p.url, p]));
  const checks: PrintCheck[] = [];
  for (const page of pages) {
    for (const placed of page.photos ?? []) {
      const stored = known.get(placed.url);
      const size =
        options.photoSize?.(placed.url) ??
        (stored?.width && stored.height ? { width: stored.width, height: stored.height } : undefined);
      if (!size) continue;
      const printedW = placed.widthIn * (placed.inset ?? 1);
      const printedH = placed.heightIn * (placed.inset ?? 1);
      // The photo is scaled to cover its box, so its resolution is the smaller of the two ratios.
      const dpi = Math.floor(Math.min(size.width / printedW, size.height / printedH));
      if (dpi >= PRINT_SPECS.dpi) continue;
      const name = placed.caption ? `"${placed.caption}"` : `on the ${LABELS[page.kind].toLowerCase()} page`;
      const needed = `${Math.ceil(printedW * PRINT_SPECS.dpi)} x ${Math.ceil(printedH * PRINT_SPECS.dpi)}`;
      checks.push({
        level: dpi < WARN_DPI ? "warning" : "info",
        message: `The photo ${name} prints at about ${dpi} dpi (${printedW.toFixed(1)} x ${printedH.toFixed(1)} in); for sharp printing at 300 dpi use one of at least ${needed} pixels.`,
      });
    }
  }
  return checks;
};

/** The pages to print, in reading order, and what the print check has to say about them. */
export const planBooklet = (program: ProgramInput, options: PlanOptions = {}): BookletPlan => {
  const layout = program.pageLayout;
  const fill = options.fill ?? DEFAULT_FILL;
  const measure: TextMeasure = {
    widthPt: contentWidthPt(layout),
    averageCharEm: FONT_FACES[program.fontStyle].averageCharEm,
  };
  const flowRoom = contentHeightPt(layout) - FLOW_HEADING_PT - FLOW_FOOTER_PT;
  const checks: PrintCheck[] = [];
  const photos = assignPhotos(program);
  const pages: BookletPage[] = [];

  const addSection = (
    kind: BookletPageKind,
    section: Omit<Section, "kind">,
    extra: Partial<BookletPage> = {},
  ) => {
    const parts = section.blocks.length > 0 ? fitSection({ kind, ...section }, measure, fill, checks) : [];
    if (parts.length === 0) parts.push({ blocks: [], scale: 1 });
    parts.forEach((part, i) => {
      pages.push({
        key: i === 0 ? kind : `${kind}-${i + 1}`,
        kind,
        label: i === 0 ? LABELS[kind] : `${LABELS[kind]} (continued)`,
        blocks: part.blocks,
        scale: part.scale,
        ...(i === 0 ? extra : { continued: true }),
      });
    });
  };

  pages.push({
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
          },
        ]
      : [],
  });

  const insidePhotos = placeInsidePhotos(photos.inside, layout);
  const insidePhotoPt =
    insidePhotos.length > 0 ? (INSIDE_PHOTO_HEIGHT_IN + CAPTION_HEIGHT_IN + 0.35) * PT_PER_IN : 0;
  addSection(
    "inside-left",
    { blocks: paragraphs(program.scripture, "verse"), heightPt: flowRoom - insidePhotoPt - 40 },
    { photos: insidePhotos },
  );
  addSection("life-reflections", { blocks: paragraphs(program.lifeReflections, "body"), heightPt: flowRoom });

  const serviceBlocks: FlowBlock[] = orderedServiceItems(program).map((item) => ({
    type: "service-item",
    title: item.title,
    person: item.person,
  }));
  // The service day, time, place and officiant head the first order-of-service page.
  const detailsPt = 4 * 24 + 20;
  addSection("order-service", { blocks: serviceBlocks, heightPt: flowRoom - detailsPt });
  if (program.serviceItems.length === 0) {
    checks.push({
      level: "info",
      message:
        "The order of service shows the usual order (Processional to Recessional): edit it under Service Details.",
    });
  }

  pages.push({
    key: "photo-memories",
    kind: "photo-memories",
    label: LABELS["photo-memories"],
    photos: placeMemoryPhotos(photos.memories, layout),
  });

  addSection("tributes", {
    blocks: program.tributes
      .filter((t) => t.message.trim() || t.author.trim())
      .map((t) => ({
        type: "tribute",
        message: t.message.trim(),
        author: t.author.trim(),
        relationship: t.relationship.trim(),
        continues: false,
        continued: false,
      })),
    heightPt: flowRoom,
  });

  const names = pallbearerNames(program.pallbearers);
  const thanks = paragraphs(program.acknowledgments, "body");
  addSection("acknowledgments", {
    blocks: [
      ...(names.length > 0
        ? [{ type: "subheading", text: "Pallbearers" } as FlowBlock, { type: "names", names } as FlowBlock]
        : []),
      ...(thanks.length > 0 ? [{ type: "subheading", text: "With Gratitude" } as FlowBlock, ...thanks] : []),
    ],
    heightPt: flowRoom,
  });

  const backPhoto = photos.backPhoto;
  const back: BookletPage = {
    key: "back",
    kind: "back",
    label: LABELS.back,
    photos: backPhoto ? [photoBox(backPhoto, BACK_PHOTO_IN.width, BACK_PHOTO_IN.height)] : [],
  };

  // The back cover stays last; blank notes pages go before it so the sheets fold.
  const padding = (4 - ((pages.length + 1) % 4)) % 4;
  for (let i = 0; i < padding; i++) {
    pages.push({ key: `notes-${i + 1}`, kind: "notes", label: LABELS.notes });
  }
  if (padding > 0) {
    checks.push({
      level: "info",
      message: `${padding} notes page${padding > 1 ? "s were" : " was"} added so the booklet has ${pages.length + 1} pages (booklets print in fours).`,
    });
  }
  pages.push(back);

  if (program.fullName.length > 60) {
    checks.push({ level: "info", message: "The name is long, so it is set smaller on the cover." });
  }
  for (const [field, label] of [
    ["lifeReflections", "Life reflections"],
    ["fullName", "The full name"],
  ] as const) {
    if (!program[field].trim()) checks.push({ level: "warning", message: `${label} is empty.` });
  }
  checks.push(...resolutionChecks(pages, options, program));
  checks.push(...missingPhotoChecks(program, options));
  return { pages, checks };
};

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
