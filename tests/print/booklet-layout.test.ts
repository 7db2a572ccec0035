// Every theme x font x layout x overlay, with the short, typical and long programs (and the short
// one as a 4-page booklet): each page as Chromium lays out the HTML the PDF is printed from,
// measured for blank space, text too near the trim, overlapping blocks, clipped text and body type
// below 11 pt. A few combinations are also
// printed to PDF and read back with poppler, the reader a print shop's software resembles.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Browser, chromium, type Page } from "playwright-core";
import sharp from "sharp";
import { BLEED_IN, PAGE_MARGIN_IN } from "../../src/print/booklet/page-geometry";
import { OVERFLOW_SHRINK_STEPS, planBooklet, shrinkPages } from "../../src/print/booklet/plan-booklet";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { CHROMIUM_BASE_ARGS, findChromium } from "../../src/print/find-chromium";
import { renderBookletHtml } from "../../src/print/render-booklet-html";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { COLOR_THEMES, FONT_STYLES, OVERLAY_EFFECTS, PAGE_LAYOUTS } from "../../src/shared/constants";
import type { ProgramInput } from "../../src/shared/schemas";
import { fixturePhotos, fixtureProgram } from "./support/fixture-programs";
import { measureBookletPages, type PageMeasure, serveBookletAssets } from "./support/page-measure";
import { pdfInfo, pdfPagePng, pdfWords } from "./support/pdf-tools";
import { makePhoto, memoryPhotoLoader } from "./support/photo-fixtures";

const ASSET_BASE = "http://keepsake-assets.invalid/measure/";
/** Booklets laid out per document: big enough to amortise the document, small enough to stay quick. */
const BATCH = 60;
const ONLY = process.env.LAYOUT_ONLY;
/** Inside pages of the typical program may leave at most this share of their live area blank. */
const TYPICAL_MAX_BLANK = 0.4;
/** Pages of any program (not the cover, back or notes) may leave at most this share blank. */
const ANY_MAX_BLANK = 0.62;

/** One tab per core: Chromium lays out each tab's document in its own renderer. */
const TABS = 2;
let browser: Browser;
let tabs: Page[];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_BASE_ARGS });
  const photo = (await makePhoto(40, 50)).body;
  tabs = await Promise.all(
    Array.from({ length: TABS }, async () => {
      const tab = await browser.newPage();
      await serveBookletAssets(tab, ASSET_BASE, photo);
      return tab;
    }),
  );
});
afterAll(() => browser?.close());

type Booklet = { key: string; program: ProgramInput; shrunk: Set<string>; shrink: number };

/** The three fixtures as 8-page booklets, and the short one as a 4-page booklet. */
const VARIANTS = [
  { name: "short", fixture: "short", bookletPages: "8" },
  { name: "typical", fixture: "typical", bookletPages: "8" },
  { name: "long", fixture: "long", bookletPages: "8" },
  { name: "short-4-pages", fixture: "short", bookletPages: "4" },
] as const;

const combos = (): Booklet[] =>
  VARIANTS.flatMap(({ name, fixture, bookletPages }) => {
    if (ONLY && !ONLY.includes(fixture)) return [];
    const base = { ...fixtureProgram(fixture), bookletPages };
    return COLOR_THEMES.flatMap((colorTheme) =>
      FONT_STYLES.flatMap((fontStyle) =>
        PAGE_LAYOUTS.flatMap((pageLayout) =>
          OVERLAY_EFFECTS.map((overlayEffect) => ({
            key: `${name}/${colorTheme}/${fontStyle}/${pageLayout}/${overlayEffect}`,
            program: { ...base, colorTheme, fontStyle, pageLayout, overlayEffect },
            shrunk: new Set<string>(),
            shrink: 1,
          })),
        ),
      ),
    );
  });

/** Many booklets in one document: the shared head (stylesheet, fonts) and each booklet's pages. */
const documentOf = (booklets: Booklet[]) => {
  const htmls = booklets.map((b) =>
    renderBookletHtml(b.program, {
      assetBase: ASSET_BASE,
      photoUrl: (url) => `${ASSET_BASE}photos/${encodeURIComponent(url)}`,
      plan: shrinkPages(planBooklet(b.program), b.shrunk, b.shrink),
      bleed: true,
    }),
  );
  // Every booklet's head is the same stylesheet; only the title (the person's name) differs.
  const head = (htmls[0]?.slice(0, htmls[0].indexOf("<body>")) ?? "").replace(/<title>.*<\/title>/, "");
  const bodies = htmls.map(
    (html, i) =>
      `<div data-booklet="${i}">${html.slice(html.indexOf("<body>") + 6, html.lastIndexOf("</body>"))}</div>`,
  );
  return { head, body: bodies.join("\n") };
};

const measureAll = async (booklets: Booklet[]) => {
  const results = new Map<Booklet, PageMeasure[]>();
  const batches: Booklet[][] = [];
  for (let i = 0; i < booklets.length; i += BATCH) batches.push(booklets.slice(i, i + BATCH));
  await Promise.all(
    tabs.map(async (tab) => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        const pages = await measureBookletPages(tab, documentOf(batch), BLEED_IN);
        batch.forEach((b, j) => {
          results.set(
            b,
            pages.filter((p) => p.booklet === String(j)),
          );
        });
      }
    }),
  );
  return results;
};

test("every theme, font, layout and overlay: pages balanced, nothing near the trim, clipped or overlapping", async () => {
  const booklets = combos();
  const measured = await measureAll(booklets);
  // The PDF engine sets an overflowing page's type smaller, keeping its breaks; so does this test.
  for (const shrink of OVERFLOW_SHRINK_STEPS) {
    const overflowing = booklets.filter((b) => measured.get(b)?.some((p) => p.overflowing));
    if (overflowing.length === 0) break;
    for (const b of overflowing) {
      const keys = planBooklet(b.program).pages.map((p) => p.key);
      for (const p of measured.get(b) ?? []) if (p.overflowing) b.shrunk.add(keys[p.index] ?? "");
      b.shrink = shrink;
    }
    const again = await measureAll(overflowing);
    for (const [b, pages] of again) measured.set(b, pages);
  }
  const problems: string[] = [];
  const inside = (p: PageMeasure) => !["cover", "back", "notes"].includes(p.kind);
  for (const b of booklets) {
    for (const p of measured.get(b) ?? []) {
      const where = `${b.key} page ${p.index + 1} (${p.kind})`;
      if (p.outsideSafe.length > 0)
        problems.push(`${where}: ${p.outsideSafe[0]} is within 0.25 in of the trim`);
      if (p.overlaps.length > 0) problems.push(`${where}: ${p.overlaps[0]} overlap`);
      if (p.overflowing) problems.push(`${where}: text is clipped`);
      if (p.smallestBodyPt > 0 && p.smallestBodyPt < 10.95)
        problems.push(`${where}: body text at ${p.smallestBodyPt.toFixed(1)} pt`);
      const limit = b.key.startsWith("typical/") ? TYPICAL_MAX_BLANK : ANY_MAX_BLANK;
      if (inside(p) && p.blank > limit)
        problems.push(`${where}: ${Math.round(p.blank * 100)}% of the live area is blank`);
    }
  }
  expect(problems).toEqual([]);
  expect(measured.size).toBe(
    COLOR_THEMES.length * FONT_STYLES.length * PAGE_LAYOUTS.length * OVERLAY_EFFECTS.length * VARIANTS.length,
  );
}, 300_000);

/**
 * Gaps between inked rows up to this count as the page's spacing: the 0.75 in allowed between
 * blocks in the HTML measure plus the leading above and below the letters, which has no ink.
 */
const INK_RHYTHM_IN = 1;

/** Share of the live area's rows (at 50 dpi) with no ink. */
const blankRows = async (png: Uint8Array, marginIn: number) => {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const px = (x: number, y: number) => (y * info.width + x) * 3;
  const paper = [
    data[px(info.width >> 1, 2)] ?? 0,
    data[px(info.width >> 1, 2) + 1] ?? 0,
    data[px(info.width >> 1, 2) + 2] ?? 0,
  ];
  const dpi = info.width / 8.5;
  const [top, bottom] = [Math.round(marginIn * dpi), Math.round(info.height - marginIn * dpi)];
  const [left, right] = [Math.round(marginIn * dpi), Math.round(info.width - marginIn * dpi)];
  let covered = 0;
  let lastInk = -1;
  for (let y = top; y < bottom; y++) {
    let ink = false;
    for (let x = left; x < right && !ink; x++) {
      const i = px(x, y);
      ink =
        Math.abs((data[i] ?? 0) - (paper[0] ?? 0)) +
          Math.abs((data[i + 1] ?? 0) - (paper[1] ?? 0)) +
          Math.abs((data[i + 2] ?? 0) - (paper[2] ?? 0)) >
        60;
    }
    if (!ink) continue;
    covered += lastInk >= 0 && y - lastInk <= INK_RHYTHM_IN * dpi ? y - lastInk : 1;
    lastInk = y;
  }
  return 1 - covered / (bottom - top);
};

test("the typical program printed in each layout: text inside the safe area and pages filled, read back with poppler", async () => {
  const printer = new ChromiumPrinter();
  const photos = await fixturePhotos();
  try {
    for (const pageLayout of PAGE_LAYOUTS) {
      const program: ProgramInput = {
        ...fixtureProgram("typical"),
        colorTheme: "forest",
        fontStyle: "playfair",
        pageLayout,
        overlayEffect: "none",
      };
      const result = await renderProgramPdf(program, {
        variant: "pages",
        printer,
        photos: memoryPhotoLoader(photos).loader,
      });
      expect(pdfInfo(result.pdf).pages).toBe(8);
      for (const [i, page] of result.plan.pages.entries()) {
        const words = pdfWords(result.pdf, i + 1);
        expect(words.length).toBeGreaterThan(0);
        const safe = 0.25 * 72;
        const outside = words.filter(
          (w) => w.xMin < safe || w.yMin < safe || w.xMax > 612 - safe || w.yMax > 792 - safe,
        );
        expect(outside.map((w) => `${pageLayout} page ${i + 1}: ${w.text}`)).toEqual([]);
        if (["cover", "back", "notes"].includes(page.kind)) continue;
        const blank = await blankRows(pdfPagePng(result.pdf, i + 1, 50), PAGE_MARGIN_IN[pageLayout]);
        expect({ page: `${pageLayout} ${page.kind}`, blank: blank <= TYPICAL_MAX_BLANK }).toEqual({
          page: `${pageLayout} ${page.kind}`,
          blank: true,
        });
      }
    }
  } finally {
    await printer.close();
  }
}, 120_000);
