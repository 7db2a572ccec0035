// The print engine end to end: real Chromium, real fonts, read back with pdf-lib and poppler.
import { beforeAll, describe, expect, test } from "bun:test";
import { PDFDocument } from "pdf-lib";
import { WATERMARK_TEXT } from "../../src/print/render-program-pdf";
import { COLOR_THEMES, FONT_STYLES, OVERLAY_EFFECTS, PAGE_LAYOUTS } from "../../src/shared/constants";
import type { ProgramInput } from "../../src/shared/schemas";
import { fixtureProgram, printWithFixturePhotos } from "./support/fixture-programs";
import { flatText, pdfFonts, pdfInfo, pdfPagePng, pdfRawLetters, pdfText } from "./support/pdf-tools";

const render = printWithFixturePhotos();

const FONT_FAMILY: Record<string, string> = {
  georgia: "Gelasio",
  times: "Tinos",
  playfair: "PlayfairDisplay",
  inter: "Inter",
  lora: "Lora",
};

/** Every font is an embedded TrueType subset of the chosen family: no Type 3, no fallback family. */
const expectOnlyFamily = (pdf: Uint8Array, family: string) => {
  const fonts = pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  for (const font of fonts) {
    expect(font.embedded).toBe(true);
    expect(font.type).not.toContain("Type 3");
    expect(font.type).toContain("TrueType");
    expect(font.name.replace(/^[A-Z]{6}\+/, "")).toStartWith(family);
  }
};

describe("print variant of a typical program", () => {
  let result: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    result = await render(fixtureProgram("typical"));
  }, 60_000);

  test("8 pages of 8.75x11.25 in with TrimBox 8.5x11 and a 0.125 in BleedBox", async () => {
    const info = pdfInfo(result.pdf);
    expect(info.pages).toBe(8);
    expect(info.mediaBox).toEqual([0, 0, 630, 810]);
    expect(info.trimBox).toEqual([9, 9, 621, 801]);
    expect(info.bleedBox).toEqual([0, 0, 630, 810]);
    const doc = await PDFDocument.load(result.pdf);
    for (const page of doc.getPages()) {
      expect(page.getTrimBox()).toEqual({ x: 9, y: 9, width: 612, height: 792 });
      expect(page.getBleedBox()).toEqual({ x: 0, y: 0, width: 630, height: 810 });
    }
    expect(result.fileName).toBe("Eleanor-Whitfield-program.pdf");
  });

  test("embeds only TrueType subsets of Gelasio, accented names included", () => {
    expectOnlyFamily(result.pdf, "Gelasio");
  });

  test("prints every field, dates in words", () => {
    const program = fixtureProgram("typical");
    const text = flatText(pdfText(result.pdf));
    const expected = [
      program.fullName,
      `“${program.preferredName}”`,
      "April 12, 1931 – February 28, 2025",
      "Saturday, March 8, 2025",
      "11:00 AM",
      program.location,
      program.officiant,
      "Łukasz Dvořák",
      "Sofía Ortiz",
      ...program.pallbearers.split("\n"),
      ...program.serviceItems.flatMap((item) => [item.title, item.person]),
      ...program.tributes.map((t) => t.relationship),
      ...program.additionalPhotos.map((p) => p.caption).filter(Boolean),
    ];
    for (const phrase of expected) expect(text).toContain(phrase);
    for (const long of [
      program.lifeReflections,
      program.scripture,
      program.acknowledgments,
      ...program.tributes.map((t) => t.message),
    ]) {
      expect(text).toContain(flatText(long));
    }
  });

  test("every photo is embedded once as its original JPEG", async () => {
    const doc = await PDFDocument.load(result.pdf);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, obj]) =>
        String((obj as { dict?: { get?: unknown } }).dict?.toString?.() ?? "").includes("/DCTDecode"),
      );
    // The cover and the 7 program photos (the cover photo is not one of them).
    expect(images.length).toBe(8);
  });
});

test("a very long program continues on added pages and loses no text", async () => {
  const program = fixtureProgram("long");
  const result = await render(program, { variant: "pages" });
  const info = pdfInfo(result.pdf);
  expect(info.pages).toBe(result.pageCount);
  expect(info.pages % 4).toBe(0);
  expect(info.pages).toBeGreaterThan(8);
  const text = flatText(pdfText(result.pdf));
  for (const marker of [
    "FINAL-SENTENCE-MARKER",
    "ACK-END-MARKER",
    "Pallbearer Number 24 Łukasz",
    "Service item 30 with a reading",
    "Reader 30",
  ]) {
    expect(text).toContain(marker);
  }
  for (let i = 1; i <= 14; i++) expect(text).toContain(`TRIBUTE-END-${i}`);
  // Every word of the life reflections is printed, in order.
  const words = (s: string) => s.split(/\s+/).filter(Boolean);
  const printed = words(text).join(" ");
  expect(printed).toContain(words(program.lifeReflections).slice(-30).join(" "));
  expect(result.checks.some((c) => c.message.startsWith("Life reflections continues on"))).toBe(true);
  expect(result.checks.filter((c) => c.message.includes("still too long"))).toEqual([]);
  expectOnlyFamily(result.pdf, "Gelasio");
}, 60_000);

test("a short program still makes a finished 8-page booklet: notes pages, no page of only decoration", async () => {
  const result = await render(fixtureProgram("short"), { variant: "pages" });
  const info = pdfInfo(result.pdf);
  expect(info.pages).toBe(8);
  expect(result.plan.pages.map((p) => p.kind)).toEqual([
    "cover",
    "inside-left",
    "order-service",
    "notes",
    "notes",
    "notes",
    "notes",
    "back",
  ]);
  expect(result.checks.map((c) => c.message)).toContain(
    "Life reflections, Photo memories, Tributes and Acknowledgments have nothing to print yet, so their pages are left out. Add them in the builder to print those pages instead of notes pages.",
  );
  expect(info.mediaBox).toEqual([0, 0, 612, 792]);
  const text = flatText(pdfText(result.pdf));
  expect(text).toContain("Ana Lee");
  expect(text).toContain("Processional");
  expect(result.fileName).toBe("Ana-Lee-program-pages.pdf");
});

test("every theme renders with its font, layout and overlay, each cover distinct", async () => {
  const covers = new Set<string>();
  for (const [i, colorTheme] of COLOR_THEMES.entries()) {
    const program: ProgramInput = {
      ...fixtureProgram("typical"),
      colorTheme,
      fontStyle: FONT_STYLES[i % FONT_STYLES.length] ?? "georgia",
      pageLayout: PAGE_LAYOUTS[i % PAGE_LAYOUTS.length] ?? "standard",
      overlayEffect: OVERLAY_EFFECTS[i % OVERLAY_EFFECTS.length] ?? "none",
    };
    const result = await render(program);
    expect(pdfInfo(result.pdf).pages).toBe(8);
    expectOnlyFamily(result.pdf, FONT_FAMILY[program.fontStyle] ?? "");
    expect(flatText(pdfText(result.pdf))).toContain("Łukasz Dvořák");
    const png = pdfPagePng(result.pdf, 1, 30);
    expect(png.length).toBeGreaterThan(1000);
    covers.add(new Bun.CryptoHasher("sha256").update(png).digest("hex"));
    if (process.env.KEEPSAKE_COVER_DIR)
      await Bun.write(
        `${process.env.KEEPSAKE_COVER_DIR}/cover-${colorTheme}.png`,
        pdfPagePng(result.pdf, 1, 60),
      );
  }
  expect(covers.size).toBe(COLOR_THEMES.length);
}, 120_000);

test("crop marks sit outside the bleed on a larger sheet", async () => {
  const result = await render(fixtureProgram("short"), { marks: true });
  const info = pdfInfo(result.pdf);
  expect(info.mediaBox).toEqual([0, 0, 702, 882]);
  expect(info.trimBox).toEqual([45, 45, 657, 837]);
  expect(info.bleedBox).toEqual([36, 36, 666, 846]);
  expectOnlyFamily(result.pdf, "Gelasio");
});

test("the free plan's watermark is stamped on every page only when asked", async () => {
  const marked = await render(fixtureProgram("short"), { variant: "pages", watermark: true });
  const plain = await render(fixtureProgram("short"), { variant: "pages" });
  const letters = WATERMARK_TEXT.replace(/\s+/g, "");
  expect(marked.pageCount).toBe(8);
  for (let page = 1; page <= marked.pageCount; page++)
    expect(pdfRawLetters(marked.pdf, page)).toContain(letters);
  expect(pdfRawLetters(plain.pdf)).not.toContain(letters);
});
