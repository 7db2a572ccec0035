// Measures booklet pages as Chromium lays them out: the same HTML the PDF is printed from, laid
// out once in a page and read back through layout boxes (page.evaluate), which is much faster
// than printing and reading PDFs and sees exactly what prints.
import type { Page } from "playwright-core";
import { bookletFontFile } from "../../../src/print/booklet-styles";

export type PageMeasure = {
  /** Which booklet (data-booklet of its wrapper) and which page of it. */
  booklet: string;
  index: number;
  kind: string;
  /** Share of the live area's height (inside the margins) that no block of text or photo spans (gaps up to 0.75 in between blocks count as spacing). */
  blank: number;
  /** Text boxes that reach closer than 0.25 in to the trim. */
  outsideSafe: string[];
  /** Pairs of blocks that overlap. */
  overlaps: string[];
  /** Flowing text areas whose text is taller than their box (clipped). */
  overflowing: boolean;
  /** Size in pt of the smallest body text on the page (0 when there is none). */
  smallestBodyPt: number;
};

/** Answers the booklet's font files and, for photos, a tiny JPEG (layout never depends on pixels). */
export const serveBookletAssets = async (page: Page, assetBase: string, photo: Uint8Array) => {
  await page.route(`${assetBase}**`, (route) => {
    const path = decodeURIComponent(route.request().url().slice(assetBase.length));
    const asset = path.startsWith("fonts/")
      ? bookletFontFile(path.slice("fonts/".length))
      : { body: photo, contentType: "image/jpeg" };
    if (!asset) return route.abort();
    return route.fulfill({ status: 200, body: Buffer.from(asset.body), contentType: asset.contentType });
  });
};

/** The head (stylesheet and fonts) each tab has loaded, so later bodies reuse its loaded fonts. */
const loadedHeads = new WeakMap<Page, string>();

/**
 * Lays out booklet pages under a document head and measures every .booklet-page inside a
 * [data-booklet] wrapper. A tab that already has the head only gets the new body: the fonts stay
 * loaded and the pages are laid out once instead of again when the fonts arrive.
 */
export const measureBookletPages = async (
  page: Page,
  html: { head: string; body: string },
  bleedIn: number,
): Promise<PageMeasure[]> => {
  if (loadedHeads.get(page) === html.head) {
    await page.evaluate((body) => {
      document.body.innerHTML = body;
    }, html.body);
  } else {
    await page.setContent(`${html.head}<body>${html.body}</body></html>`, { waitUntil: "load" });
    loadedHeads.set(page, html.head);
  }
  await page.evaluate(async () => {
    document.body.getBoundingClientRect();
    await document.fonts.ready;
    await Promise.all([...document.fonts].filter((f) => f.status === "loading").map((f) => f.loaded));
  });
  return page.evaluate((bleed) => {
    const PX_PER_IN = 96;
    const BLOCKS = [
      ".flow-heading",
      ".flow > *",
      ".life-dates",
      ".service-details",
      "figure.photo",
      ".page-footer",
      ".cover-eyebrow",
      ".cover-text > *",
      ".back > *",
      ".quiet-verse",
    ].join(",");
    type Box = { top: number; bottom: number; left: number; right: number };
    const visible = (r: DOMRect) => r.width > 0.5 && r.height > 0.5;
    const textBoxes = (root: Element): Box[] => {
      const boxes: Box[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const parent = node.parentElement;
        if (!parent || parent.closest("[aria-hidden='true'], .watermark, .page-background")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) if (visible(r)) boxes.push(r);
      }
      return boxes;
    };
    return [...document.querySelectorAll<HTMLElement>("[data-booklet]")].flatMap((wrapper) =>
      [...wrapper.querySelectorAll<HTMLElement>(".booklet-page")].map((section, index) => {
        const pageBox = section.getBoundingClientRect();
        const live = section.querySelector(".page-safe")?.getBoundingClientRect() ?? pageBox;
        const safe = 0.25 * PX_PER_IN;
        const rhythm = 0.75 * PX_PER_IN;
        const trim = {
          left: pageBox.left + bleed * PX_PER_IN,
          right: pageBox.right - bleed * PX_PER_IN,
          top: pageBox.top + bleed * PX_PER_IN,
          bottom: pageBox.bottom - bleed * PX_PER_IN,
        };
        const text = textBoxes(section.querySelector(".page-safe") ?? section);
        const outsideSafe = text
          .filter(
            (r) =>
              r.left < trim.left + safe - 0.5 ||
              r.right > trim.right - safe + 0.5 ||
              r.top < trim.top + safe - 0.5 ||
              r.bottom > trim.bottom - safe + 0.5,
          )
          .map((r) => `text at ${Math.round(r.left - trim.left)},${Math.round(r.top - trim.top)} px`);
        const blocks = [...section.querySelectorAll<HTMLElement>(BLOCKS)].filter((e) =>
          visible(e.getBoundingClientRect()),
        );
        // Union of the vertical extents of the blocks (a paragraph counts with its line spacing,
        // the space between blocks does not), clipped to the live area.
        const spans = [...blocks.map((e) => e.getBoundingClientRect()), ...text]
          .map((r) => [Math.max(live.top, r.top), Math.min(live.bottom, r.bottom)] as const)
          .filter(([a, b]) => b > a)
          .sort((a, b) => a[0] - b[0]);
        let covered = 0;
        let end = live.top;
        for (const [a, b] of spans) {
          if (b <= end) continue;
          // A gap up to RHYTHM between blocks is the page's spacing, not an empty area.
          covered += b - (a - end <= rhythm && end > live.top ? end : Math.max(a, end));
          end = b;
        }
        const overlaps: string[] = [];
        blocks.forEach((a, i) => {
          const ra = a.getBoundingClientRect();
          for (const b of blocks.slice(i + 1)) {
            if (a.contains(b) || b.contains(a)) continue;
            const rb = b.getBoundingClientRect();
            const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
            const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
            if (x > 1 && y > 1) overlaps.push(`${a.className || a.tagName} / ${b.className || b.tagName}`);
          }
        });
        const overflowing = [...section.querySelectorAll<HTMLElement>("[data-flow]")].some(
          (e) => e.scrollHeight > e.clientHeight + 1,
        );
        const bodySizes = [
          ...section.querySelectorAll(".body-text, .verse, .service-title, .tribute p, .names li"),
        ].map((e) => Number.parseFloat(getComputedStyle(e).fontSize) * 0.75);
        return {
          booklet: wrapper.dataset.booklet ?? "",
          index,
          kind: section.dataset.page ?? "",
          blank: 1 - covered / live.height,
          outsideSafe,
          overlaps,
          overflowing,
          smallestBodyPt: bodySizes.length > 0 ? Math.min(...bodySizes) : 0,
        };
      }),
    );
  }, bleedIn);
};
