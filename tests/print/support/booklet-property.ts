// The property of issue 23, "what the family sees is what prints": a random program planned for
// the preview and printed to PDF has the same pages, each PDF page holds its planned text in
// order, every word the family typed prints in order, and no "…" appears that they did not type.
// Shared by the property test (a few programs) and its benchmark (a few hundred).
import fc from "fast-check";
import { type BookletPage, planBooklet } from "../../../src/print/booklet/plan-booklet";
import type { ChromiumPrinter } from "../../../src/print/chromium-printer";
import type { PhotoAsset } from "../../../src/print/photo-assets";
import { renderProgramPdf } from "../../../src/print/render-program-pdf";
import {
  BOOKLET_PAGES,
  COLOR_THEMES,
  FONT_STYLES,
  OVERLAY_EFFECTS,
  PAGE_LAYOUTS,
  PHOTO_POSITIONS,
  PHOTO_SIZES,
} from "../../../src/shared/constants";
import { type ProgramInput, programInputSchema } from "../../../src/shared/schemas";
import { pdfInfo, withPdfFile } from "./pdf-tools";
import { makePhoto } from "./photo-fixtures";

const WORDS = [
  "remember",
  "garden",
  "kindness",
  "morning",
  "Sunday",
  "laughter",
  "Grandmother",
  "always",
  "Zoë",
  "José",
  "François",
  "Ærøskøbing",
  "naïve",
  "Müller",
  "Dvořák",
  "Łódź",
  "Señora",
  "Bartholomew-Fitzgerald",
  "unforgettable",
  "extraordinarily",
  "1952",
  "St.",
  "O'Connor",
];

const word = fc.constantFrom(...WORDS);
const sentence = fc.array(word, { minLength: 2, maxLength: 16 }).map((ws) => `${ws.join(" ")}.`);
const paragraph = fc.array(sentence, { minLength: 1, maxLength: 6 }).map((ss) => ss.join(" "));
const prose = (maxParagraphs: number) =>
  fc.array(paragraph, { minLength: 0, maxLength: maxParagraphs }).map((ps) => ps.join("\n\n"));
const verseLine = fc.array(word, { minLength: 1, maxLength: 9 }).map((ws) => ws.join(" "));
const stanza = fc.array(verseLine, { minLength: 1, maxLength: 7 }).map((ls) => ls.join("\n"));
const verse = fc.array(stanza, { minLength: 0, maxLength: 4 }).map((ss) => ss.join("\n\n"));
const shortText = (max: number) => fc.array(word, { minLength: 0, maxLength: max }).map((ws) => ws.join(" "));
const name = fc.array(word, { minLength: 1, maxLength: 6 }).map((ws) => ws.join(" "));

/** Width over height of a photo: tall portraits to wide panoramas. */
const aspect = fc.constantFrom(0.5, 0.67, 0.8, 1, 1.33, 1.5, 2.2);

export const programArbitrary = fc
  .record({
    fullName: name,
    preferredName: shortText(2),
    location: shortText(10),
    officiant: shortText(4),
    lifeReflections: prose(10),
    scripture: verse,
    acknowledgments: prose(3),
    pallbearers: fc.array(name, { maxLength: 10 }).map((ns) => ns.join("\n")),
    serviceItems: fc.array(fc.record({ title: shortText(5), person: shortText(5) }), { maxLength: 12 }),
    tributes: fc.array(fc.record({ author: shortText(3), relationship: shortText(2), message: prose(2) }), {
      maxLength: 8,
    }),
    photos: fc.array(
      fc.record({
        aspect,
        caption: shortText(8),
        size: fc.constantFrom(...PHOTO_SIZES),
        position: fc.constantFrom(...PHOTO_POSITIONS),
      }),
      { maxLength: 8 },
    ),
    cover: fc.option(aspect, { nil: undefined }),
    background: fc.boolean(),
    colorTheme: fc.constantFrom(...COLOR_THEMES),
    fontStyle: fc.constantFrom(...FONT_STYLES),
    pageLayout: fc.constantFrom(...PAGE_LAYOUTS),
    overlayEffect: fc.constantFrom(...OVERLAY_EFFECTS),
    bookletPages: fc.constantFrom(...BOOKLET_PAGES),
  })
  .map(({ photos, cover, background, serviceItems, tributes, ...rest }) => {
    // Photos are small JPEGs whose stored pixel size is the real one, as the upload records it.
    const size = (a: number) =>
      a >= 1 ? { width: Math.round(90 * a), height: 90 } : { width: 90, height: Math.round(90 / a) };
    const program = programInputSchema.parse({
      ...rest,
      birthDate: "1931-04-12",
      passingDate: "2025-02-28",
      serviceDate: "2025-03-08T11:00",
      mainPhotoUrl: cover ? `/api/photos/a${cover}-cover` : "",
      backgroundImage: background ? "/api/photos/a1-background" : "",
      serviceItems: serviceItems.map((s, i) => ({ id: `s${i}`, ...s, order: i + 1 })),
      tributes: tributes.map((t, i) => ({ id: `t${i}`, ...t })),
      additionalPhotos: photos.map((p, i) => ({
        id: `p${i}`,
        url: `/api/photos/a${p.aspect}-${i}`,
        caption: p.caption,
        size: p.size,
        position: p.position,
        order: i + 1,
        ...size(p.aspect),
      })),
    });
    return program;
  });

/** Loads "/api/photos/a<aspect>-<n>" as a small JPEG of that aspect (made once per aspect). */
export const randomAspectPhotos = () => {
  const made = new Map<string, Promise<PhotoAsset>>();
  return async (url: string): Promise<PhotoAsset | undefined> => {
    const a = Number(url.match(/\/a([\d.]+)-/)?.[1]);
    if (!a) return undefined;
    const key = String(a);
    const [width, height] = a >= 1 ? [Math.round(90 * a), 90] : [90, Math.round(90 / a)];
    if (!made.has(key)) made.set(key, makePhoto(width, height, Math.round(a * 97) % 360));
    return made.get(key);
  };
};

/** Letters and digits only, lower-cased: what survives line wrapping, hyphen breaks and quotes. */
const letters = (text: string) =>
  text
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, "")
    .split(/\s+/)
    .filter(Boolean);

/** The first word of `words` not found in `stream` after the previous one, or undefined when all are, in order. */
const missingInOrder = (words: string[], stream: string) => {
  let at = 0;
  for (const w of words) {
    const found = stream.indexOf(w, at);
    if (found < 0) return w;
    at = found + w.length;
  }
  return undefined;
};

const blockText = (b: NonNullable<BookletPage["blocks"]>[number]): string => {
  if (b.type === "paragraph" || b.type === "subheading") return b.text;
  if (b.type === "service-item") return `${b.title} ${b.person}`;
  if (b.type === "names") return b.names.join(" ");
  return b.continues ? b.message : `${b.message} ${b.author} ${b.relationship}`;
};

/** The texts the family typed, each of which must print whole and in order. */
const typedTexts = (program: ProgramInput, pages: BookletPage[]) => {
  const placed = new Set(pages.flatMap((p) => p.photos ?? []).map((p) => p.id));
  return [
    program.fullName,
    program.preferredName,
    program.location,
    program.officiant,
    program.scripture,
    program.lifeReflections,
    program.pallbearers,
    program.acknowledgments,
    ...program.serviceItems.flatMap((s) => [s.title, s.person]),
    ...program.tributes.flatMap((t) => [t.message, t.author, t.relationship]),
    ...program.additionalPhotos.filter((p) => placed.has(p.id)).map((p) => p.caption),
  ].filter((t) => t.trim());
};

/**
 * Each page's text as pdftotext reads it: `-raw` in the order the page draws it (the order a
 * screen reader follows), `-layout` as it sits on the page, which interleaves side-by-side
 * columns (two pallbearers, a service item's title and person) and so cannot judge order.
 */
const pdfPageTexts = (pdf: Uint8Array, mode: "-raw" | "-layout") =>
  withPdfFile(pdf, (path) => {
    const proc = Bun.spawnSync(["pdftotext", mode, "-enc", "UTF-8", path, "-"], { stdout: "pipe" });
    return proc.stdout.toString().split("\f");
  });

/** What differs between the preview and the PDF of one program; empty when the property holds. */
export const previewPrintDifferences = async (
  program: ProgramInput,
  printer: ChromiumPrinter,
  photos: (url: string) => Promise<PhotoAsset | undefined>,
): Promise<string[]> => {
  const preview = planBooklet(program);
  const printed = await renderProgramPdf(program, { printer, photos, variant: "pages" });
  const problems: string[] = [];
  const keys = (pages: BookletPage[]) => pages.map((p) => p.key).join(",");
  const pdfPages = pdfInfo(printed.pdf).pages;
  if (pdfPages !== preview.pages.length || keys(printed.plan.pages) !== keys(preview.pages)) {
    problems.push(`pages: preview ${keys(preview.pages)}; PDF (${pdfPages}) ${keys(printed.plan.pages)}`);
    return problems;
  }
  const texts = pdfPageTexts(printed.pdf, "-raw");
  // Joined without spaces, so a word the page broke at its hyphen or across lines is still found.
  const streams = texts.map((t) => letters(t).join(""));
  preview.pages.forEach((page, i) => {
    const missing = missingInOrder(letters((page.blocks ?? []).map(blockText).join(" ")), streams[i] ?? "");
    if (missing) problems.push(`page ${i + 1} (${page.key}) lacks "${missing}" of its planned text`);
  });
  const whole = streams.join("");
  for (const typed of typedTexts(program, preview.pages)) {
    const missing = missingInOrder(letters(typed), whole);
    if (missing) problems.push(`"${missing}" of "${typed.slice(0, 40)}" did not print in order`);
  }
  const typedEllipsis = JSON.stringify(program).includes("…");
  if (!typedEllipsis && pdfPageTexts(printed.pdf, "-layout").some((t) => t.includes("…")))
    problems.push("a … the family did not type");
  return problems;
};
