// What Chromium cannot write: TrimBox/BleedBox for the print shop, crop marks outside the bleed,
// and booklet imposition (pages placed 2-up on sheets in saddle-stitch order).
import { PDFDocument, rgb } from "pdf-lib";

const PT = 72;
const TRIM_W = 8.5 * PT;
const TRIM_H = 11 * PT;
const BLEED = 0.125 * PT;
/** Room around the bleed for crop marks. */
const MARK_MARGIN = 0.5 * PT;
/** Crop marks start this far outside the trim, i.e. clear of the bleed. */
const MARK_OFFSET = BLEED + 0.0625 * PT;

const finish = async (doc: PDFDocument, title: string) => {
  doc.setTitle(title);
  doc.setProducer("Keepsake");
  doc.setCreator("Keepsake print engine");
  return doc.save();
};

/** The print master: pages of 8.75x11.25 in with TrimBox 8.5x11 and BleedBox 0.125 in around it. */
export const setPrintBoxes = async (chromiumPdf: Uint8Array, title: string) => {
  const doc = await PDFDocument.load(chromiumPdf);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    page.setBleedBox(0, 0, width, height);
    page.setTrimBox(BLEED, BLEED, TRIM_W, TRIM_H);
    page.setCropBox(0, 0, width, height);
  }
  return finish(doc, title);
};

/** The print master on larger sheets with crop marks at the trim corners, outside the bleed. */
export const addCropMarks = async (chromiumPdf: Uint8Array, title: string) => {
  const source = await PDFDocument.load(chromiumPdf);
  const doc = await PDFDocument.create();
  const embedded = await doc.embedPages(source.getPages());
  const sheetW = TRIM_W + 2 * (BLEED + MARK_MARGIN);
  const sheetH = TRIM_H + 2 * (BLEED + MARK_MARGIN);
  const trimX = BLEED + MARK_MARGIN;
  const trimY = BLEED + MARK_MARGIN;
  for (const pageContent of embedded) {
    const page = doc.addPage([sheetW, sheetH]);
    page.drawPage(pageContent, { x: MARK_MARGIN, y: MARK_MARGIN });
    page.setTrimBox(trimX, trimY, TRIM_W, TRIM_H);
    page.setBleedBox(trimX - BLEED, trimY - BLEED, TRIM_W + 2 * BLEED, TRIM_H + 2 * BLEED);
    const mark = { thickness: 0.25, color: rgb(0, 0, 0) };
    const length = MARK_MARGIN + BLEED - MARK_OFFSET;
    for (const x of [trimX, trimX + TRIM_W]) {
      page.drawLine({
        start: { x, y: trimY - MARK_OFFSET },
        end: { x, y: trimY - MARK_OFFSET - length },
        ...mark,
      });
      const top = trimY + TRIM_H + MARK_OFFSET;
      page.drawLine({ start: { x, y: top }, end: { x, y: top + length }, ...mark });
    }
    for (const y of [trimY, trimY + TRIM_H]) {
      page.drawLine({
        start: { x: trimX - MARK_OFFSET, y },
        end: { x: trimX - MARK_OFFSET - length, y },
        ...mark,
      });
      const right = trimX + TRIM_W + MARK_OFFSET;
      page.drawLine({ start: { x: right, y }, end: { x: right + length, y }, ...mark });
    }
  }
  return finish(doc, title);
};

/**
 * Saddle-stitch order for a booklet of `pageCount` pages (a multiple of 4): per sheet, the front
 * [left, right] then the back [left, right], 1-based. 8 pages: [8,1],[2,7],[6,3],[4,5].
 */
export const saddleStitchOrder = (pageCount: number): [number, number][] => {
  const sides: [number, number][] = [];
  for (let sheet = 0; sheet < pageCount / 4; sheet++) {
    sides.push([pageCount - 2 * sheet, 1 + 2 * sheet]);
    sides.push([2 + 2 * sheet, pageCount - 1 - 2 * sheet]);
  }
  return sides;
};

export type SheetSize = "letter" | "tabloid";

/**
 * Imposes 8.5x11 pages 2-up on landscape sheets in saddle-stitch order, for duplex printing
 * flipped on the short edge: letter sheets hold half-size pages (home printers), tabloid sheets
 * full-size pages (11x17, print shops).
 */
export const imposeBooklet = async (pagesPdf: Uint8Array, sheet: SheetSize, title: string) => {
  const source = await PDFDocument.load(pagesPdf);
  const doc = await PDFDocument.create();
  const embedded = await doc.embedPages(source.getPages());
  const [sheetW, sheetH] = sheet === "letter" ? [11 * PT, 8.5 * PT] : [17 * PT, 11 * PT];
  const halfW = sheetW / 2;
  const scale = Math.min(halfW / TRIM_W, sheetH / TRIM_H);
  const pageW = TRIM_W * scale;
  const pageH = TRIM_H * scale;
  const y = (sheetH - pageH) / 2;
  for (const [left, right] of saddleStitchOrder(embedded.length)) {
    const side = doc.addPage([sheetW, sheetH]);
    // Pages meet at the fold in the middle of the sheet.
    const leftPage = embedded[left - 1];
    const rightPage = embedded[right - 1];
    if (leftPage) side.drawPage(leftPage, { x: halfW - pageW, y, xScale: scale, yScale: scale });
    if (rightPage) side.drawPage(rightPage, { x: halfW, y, xScale: scale, yScale: scale });
  }
  return finish(doc, title);
};

/** Sets the document title on a plain PDF. */
export const titlePdf = async (pdf: Uint8Array, title: string) => finish(await PDFDocument.load(pdf), title);
