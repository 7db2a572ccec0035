// The pieces of text that flow down a page, how tall each is estimated to print, and how a block
// that does not fit is cut at a word so the rest continues on the next page. The estimate needs
// no browser (it also runs in the live preview); the PDF engine checks the real layout afterwards.
import { BODY_LINE_HEIGHT, BODY_SIZE_PT } from "./page-geometry";

export type FlowBlock =
  | { type: "paragraph"; text: string; style: "body" | "verse" }
  | { type: "subheading"; text: string }
  | { type: "service-item"; title: string; person: string }
  | {
      type: "tribute";
      message: string;
      author: string;
      relationship: string;
      /** The message goes on past this page. */
      continues: boolean;
      /** The message started on the previous page. */
      continued: boolean;
    }
  | { type: "names"; names: string[] };

export type TextMeasure = { widthPt: number; averageCharEm: number };

/** Lines a text wraps to at a font size, by greedy word wrap on an average character width. */
export const countLines = (text: string, sizePt: number, measure: TextMeasure): number => {
  const perLine = Math.max(8, Math.floor(measure.widthPt / (sizePt * measure.averageCharEm)));
  let lines = 0;
  for (const hardLine of text.split("\n")) {
    let used = 0;
    lines += 1;
    for (const word of hardLine.split(/\s+/).filter(Boolean)) {
      // Capitals and digits are wider than the average lowercase letter.
      const width = [...word].reduce((sum, ch) => sum + (/[A-Z0-9]/.test(ch) ? 1.3 : 1), 0);
      const needed = used === 0 ? width : used + 1 + width;
      if (needed <= perLine) used = needed;
      else {
        lines += used === 0 ? Math.ceil(width / perLine) - 1 : Math.ceil(width / perLine);
        used = width % perLine || perLine;
      }
    }
  }
  return lines;
};

const VERSE_SIZE = 1.08;
const SUBHEADING_SIZE = 1.25;

/** Printed height of a block in pt at a scale (1 = designed size). */
export const blockHeightPt = (block: FlowBlock, scale: number, measure: TextMeasure): number => {
  const size = BODY_SIZE_PT * scale;
  const line = size * BODY_LINE_HEIGHT;
  switch (block.type) {
    case "paragraph": {
      const isVerse = block.style === "verse";
      const sz = isVerse ? size * VERSE_SIZE : size;
      const width = isVerse ? { ...measure, widthPt: measure.widthPt * 0.88 } : measure;
      return countLines(block.text, sz, width) * sz * BODY_LINE_HEIGHT + size * 0.75;
    }
    case "subheading":
      return size * SUBHEADING_SIZE * 1.3 + size * 1.4;
    case "service-item": {
      const chars = `${block.title} ........ ${block.person}`;
      return countLines(chars, size, measure) * line + size * 0.6;
    }
    case "tribute": {
      const messageLines = countLines(block.message, size, {
        ...measure,
        widthPt: measure.widthPt - size * 2,
      });
      const byline = block.continues ? 0 : line * 1.1;
      return messageLines * line + byline + size * 1.6;
    }
    case "names":
      return Math.ceil(block.names.length / 2) * line * 1.1 + size * 0.8;
  }
};

/**
 * Cuts a block so its first part is at most `room` pt tall; undefined when not even a
 * useful first part (two lines, one name) fits.
 */
export const splitBlock = (
  block: FlowBlock,
  room: number,
  scale: number,
  measure: TextMeasure,
): [FlowBlock, FlowBlock] | undefined => {
  const fits = (b: FlowBlock) => blockHeightPt(b, scale, measure) <= room;
  const longestFittingPrefix = <T>(items: T[], make: (n: number) => FlowBlock, min: number) => {
    let lo = min;
    let hi = items.length - 1;
    let best = 0;
    while (lo <= hi) {
      const mid = Math.floor((lo + hi) / 2);
      if (fits(make(mid))) {
        best = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return best;
  };
  switch (block.type) {
    case "paragraph": {
      const cutAt = (pieces: string[], min: number): [FlowBlock, FlowBlock] | undefined => {
        const n = longestFittingPrefix(pieces, (k) => ({ ...block, text: pieces.slice(0, k).join("") }), min);
        if (n === 0) return undefined;
        return [
          { ...block, text: pieces.slice(0, n).join("").trimEnd() },
          { ...block, text: pieces.slice(n).join("") },
        ];
      };
      const words = () => cutAt(block.text.split(/(?<=\s)/), 12);
      // A verse longer than a page is cut between its lines; only a single line longer than
      // the room left is cut between words.
      return block.style === "verse" ? (cutAt(block.text.split(/(?<=\n)/), 2) ?? words()) : words();
    }
    case "tribute": {
      const words = block.message.split(/(?<=\s)/);
      const head = (k: number): FlowBlock => ({
        ...block,
        message: words.slice(0, k).join("").trimEnd(),
        continues: true,
      });
      const n = longestFittingPrefix(words, head, 12);
      if (n === 0) return undefined;
      return [head(n), { ...block, message: words.slice(n).join(""), continued: true }];
    }
    case "names": {
      const n = longestFittingPrefix(block.names, (k) => ({ ...block, names: block.names.slice(0, k) }), 1);
      if (n === 0) return undefined;
      return [
        { ...block, names: block.names.slice(0, n) },
        { ...block, names: block.names.slice(n) },
      ];
    }
    default:
      return undefined;
  }
};
