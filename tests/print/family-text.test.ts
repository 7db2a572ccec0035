// Issue 23, what the family sees is what prints: a long name is never shortened, verse keeps its
// lines, the ghost background shows only with the Ghost overlay, and the shared PDF is tagged
// with an outline. Real Chromium and fonts, read back with poppler and pdf-lib.
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { PDFDict, PDFDocument, PDFName } from "pdf-lib";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BookletPageView } from "../../src/print/booklet/booklet-page";
import type { FlowBlock } from "../../src/print/booklet/flow-blocks";
import { planBooklet } from "../../src/print/booklet/plan-booklet";
import { OVERLAY_EFFECTS } from "../../src/shared/constants";
import type { ProgramInput } from "../../src/shared/schemas";
import {
  fixtureProgram,
  LONG_NAME,
  longFamilyProgram,
  POEM_SCRIPTURE,
  printWithFixturePhotos,
} from "./support/fixture-programs";
import { flatText, pdfText } from "./support/pdf-tools";

const render = printWithFixturePhotos();

/** The lines of a PDF page as pdftotext lays them out, trimmed, blank ones dropped. */
const pageLines = (pdf: Uint8Array, page: number) =>
  pdfText(pdf, page)
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

describe("the long program printed for the print shop", () => {
  let result: Awaited<ReturnType<typeof render>>;
  beforeAll(async () => {
    result = await render(longFamilyProgram());
  }, 60_000);

  test("the long name prints whole on the inside page, and no page shows a … the family did not type", () => {
    const inside = result.plan.pages.findIndex((p) => p.kind === "inside-left") + 1;
    expect(flatText(pdfText(result.pdf, inside))).toContain(LONG_NAME);
    expect(pdfText(result.pdf)).not.toContain("…");
  });

  test("the poem keeps the family's line breaks, its source on a line of its own", () => {
    const inside = result.plan.pages.findIndex((p) => p.kind === "inside-left") + 1;
    const lines = pageLines(result.pdf, inside);
    for (const line of POEM_SCRIPTURE.split("\n")) expect(lines).toContain(line);
  });

  test("the PDF is tagged (reading order) and has an outline of its headings", async () => {
    const doc = await PDFDocument.load(result.pdf);
    const catalog = doc.catalog;
    expect(catalog.get(PDFName.of("StructTreeRoot"))).toBeDefined();
    const markInfo = catalog.lookup(PDFName.of("MarkInfo"), PDFDict);
    expect(String(markInfo.get(PDFName.of("Marked")))).toBe("true");
    const outlines = catalog.lookup(PDFName.of("Outlines"), PDFDict);
    expect(outlines.get(PDFName.of("First"))).toBeDefined();
  });
});

/** A tribute of `sentences` sentences ending in a marker. */
const tribute = (id: string, sentences: number) => ({
  id,
  author: `Friend ${id}`,
  relationship: "Friend",
  message: `${Array.from({ length: sentences }, (_, i) => `We remember the ${i + 1}th summer by the lake with her.`).join(" ")} END-${id}`,
});

test("a tribute longer than a page is split without a … and its quote closes on the last page", async () => {
  const program = { ...fixtureProgram("typical"), tributes: [tribute("long", 90)] };
  const result = await render(program, { variant: "pages" });
  expect(result.plan.pages.filter((p) => p.kind === "tributes").length).toBeGreaterThan(1);
  const text = flatText(pdfText(result.pdf));
  expect(text).not.toContain("…");
  expect(text).toContain("“We remember the 1th summer");
  expect(text).toContain("END-long”");
}, 60_000);

describe("verse in the planner", () => {
  const stanza = (n: number) =>
    Array.from(
      { length: 6 },
      (_, i) => `Stanza ${n} line ${i + 1} of the family's poem, as they wrote it`,
    ).join("\n");
  const verseBlocks = (program: ProgramInput) =>
    planBooklet(program)
      .pages.filter((p) => p.kind === "inside-left")
      .flatMap((p) => p.blocks ?? [])
      .filter((b): b is Extract<FlowBlock, { type: "paragraph" }> => b.type === "paragraph");

  test("a stanza that fits on the next page is moved there whole, never split", () => {
    const stanzas = Array.from({ length: 9 }, (_, i) => stanza(i + 1));
    const program = { ...fixtureProgram("typical"), scripture: stanzas.join("\n\n") };
    const plan = planBooklet(program);
    expect(plan.pages.filter((p) => p.kind === "inside-left").length).toBeGreaterThan(1);
    expect(verseBlocks(program).map((b) => b.text)).toEqual(stanzas);
  });

  test("a stanza longer than a page is cut between its lines", () => {
    const lines = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a very long psalm`);
    const program = { ...fixtureProgram("typical"), scripture: lines.join("\n") };
    const parts = verseBlocks(program);
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flatMap((b) => b.text.split("\n"))).toEqual(lines);
  });

  test("short tributes are never split across pages", () => {
    const program = {
      ...fixtureProgram("typical"),
      tributes: Array.from({ length: 7 }, (_, i) => tribute(String(i + 1), 9)),
    };
    const tributes = planBooklet(program)
      .pages.flatMap((p) => p.blocks ?? [])
      .filter((b) => b.type === "tribute");
    expect(tributes.length).toBe(program.tributes.length);
    expect(tributes.filter((t) => t.continues || t.continued)).toEqual([]);
  });
});

describe("names and captions are set smaller, never cut", () => {
  test("a name too long for the inside heading even at the floor is reported by the print check", () => {
    const fits = planBooklet(longFamilyProgram());
    expect(fits.checks.filter((c) => c.message.includes("heading of the inside page"))).toEqual([]);
    const name = `${LONG_NAME} ${LONG_NAME} ${LONG_NAME}`;
    const tooLong = planBooklet({ ...longFamilyProgram(), fullName: name });
    expect(tooLong.checks).toContainEqual({
      level: "warning",
      message:
        "The full name is too long for the heading of the inside page, even in smaller type, so it runs onto a third line there. Please look at that page before printing.",
    });
  });

  test("the booklet's stylesheet cuts no text with an ellipsis or a line clamp", () => {
    const css = readFileSync(join(import.meta.dir, "../../src/print/booklet/booklet.css"), "utf8");
    expect(css).not.toMatch(/text-overflow|line-clamp/);
  });
});

describe("the ghost background", () => {
  const cover = (overlayEffect: ProgramInput["overlayEffect"]) => {
    const program: ProgramInput = {
      ...fixtureProgram("typical"),
      overlayEffect,
      backgroundImage: "/api/photos/fixture-5",
    };
    const page = planBooklet(program).pages[0];
    if (!page) throw new Error("no cover");
    return renderToStaticMarkup(createElement(BookletPageView, { program, page }));
  };

  test("shows only with the Ghost overlay; the chosen image is kept for when Ghost is chosen again", () => {
    for (const overlay of OVERLAY_EFFECTS) {
      expect({ overlay, ghost: cover(overlay).includes("ghost-image") }).toEqual({
        overlay,
        ghost: overlay === "ghost",
      });
    }
  });

  test("prints only with the Ghost overlay", async () => {
    const program = { ...fixtureProgram("short"), backgroundImage: "/api/photos/fixture-5" };
    const imagesOf = async (overlayEffect: ProgramInput["overlayEffect"]) => {
      const { pdf } = await render({ ...program, overlayEffect }, { variant: "pages" });
      const doc = await PDFDocument.load(pdf);
      return doc.context
        .enumerateIndirectObjects()
        .filter(([, obj]) => String((obj as { dict?: unknown }).dict ?? "").includes("/DCTDecode")).length;
    };
    expect(await imagesOf("none")).toBe(0);
    expect(await imagesOf("glass")).toBe(0);
    expect(await imagesOf("ghost")).toBe(1);
  }, 60_000);
});
