// The 4-page booklet: a short program prints cover, two composed inside pages and back, without
// notes pages; a program too long for 4 pages keeps its 8 and the print check says why.
import { describe, expect, test } from "bun:test";
import { MIN_FIT_SCALE } from "../../src/print/booklet/page-geometry";
import { type BookletPage, type FlowBlock, planBooklet } from "../../src/print/booklet/plan-booklet";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { type ProgramInput, programInputSchema } from "../../src/shared/schemas";
import { fixturePhotos, fixtureProgram } from "./support/fixture-programs";
import { pdfInfo, pdfText, pdfWords } from "./support/pdf-tools";
import { memoryPhotoLoader } from "./support/photo-fixtures";

const fourPages = (program: ProgramInput): ProgramInput => ({ ...program, bookletPages: "4" });

/** The typical program with what a 4-page booklet holds: three photos besides the cover and one tribute. */
const composedProgram = () => {
  const typical = fixtureProgram("typical");
  return fourPages({
    ...typical,
    additionalPhotos: typical.additionalPhotos.slice(0, 3),
    tributes: typical.tributes.slice(0, 1),
  });
};

const textOf = (pages: BookletPage[]) =>
  pages
    .flatMap((p) => p.blocks ?? [])
    .map((b: FlowBlock) => {
      if (b.type === "paragraph" || b.type === "subheading") return b.text;
      if (b.type === "service-item") return `${b.title} ${b.person}`;
      if (b.type === "tribute") return `${b.message} ${b.author}`;
      return b.names.join(" ");
    })
    .join("\n");

describe("the booklet length", () => {
  test("defaults to 8 pages for saved programs and clients that never send it, and names the field when wrong", () => {
    expect(programInputSchema.parse({}).bookletPages).toBe("8");
    const bad = programInputSchema.safeParse({ bookletPages: "6" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Booklet pages must be one of: 8, 4");
  });

  test("the short program at 8 pages is padded with notes pages; at 4 it has none", () => {
    const eight = planBooklet(fixtureProgram("short"));
    expect(eight.pages.filter((p) => p.kind === "notes").length).toBeGreaterThan(0);
    const four = planBooklet(fourPages(fixtureProgram("short")));
    expect(four.pages.map((p) => p.kind)).toEqual(["cover", "inside-left", "order-service", "back"]);
    // Every item of the (usual) order of service is there, set large on its page.
    const service = four.pages.find((p) => p.kind === "order-service");
    expect(service?.blocks?.map((b) => (b.type === "service-item" ? b.title : ""))).toEqual(
      eight.pages
        .find((p) => p.kind === "order-service")
        ?.blocks?.map((b) => (b.type === "service-item" ? b.title : "")) ?? [],
    );
    expect(service?.scale ?? 0).toBeGreaterThanOrEqual(1);
    expect(four.checks.some((c) => c.message.includes("4-page"))).toBe(false);
  });

  test("a program that fits composes every content block and photo on its two inside pages", () => {
    const program = composedProgram();
    const plan = planBooklet(program);
    expect(plan.pages.map((p) => p.kind)).toEqual(["cover", "inside-left", "order-service", "back"]);
    const text = textOf(plan.pages);
    for (const expected of [
      program.scripture.slice(0, 40),
      program.lifeReflections.slice(0, 40),
      "Life Reflections",
      program.tributes[0]?.message.slice(0, 40) ?? "",
      ...program.serviceItems.map((i) => i.title),
      "Pallbearers",
      "James Whitfield",
      "With Gratitude",
      program.acknowledgments.slice(0, 40),
    ]) {
      expect(text).toContain(expected);
    }
    const placed = plan.pages.flatMap((p) => p.photos ?? []).map((p) => p.id);
    expect(placed.sort()).toEqual(["cover", ...program.additionalPhotos.map((p) => p.id)].sort());
    for (const page of plan.pages) expect(page.scale ?? 1).toBeGreaterThanOrEqual(MIN_FIT_SCALE);
    expect(plan.checks.filter((c) => c.level === "warning")).toEqual([]);
  });

  test("content too long for 4 pages continues to 8 as before, and the print check says why", () => {
    for (const name of ["typical", "long"] as const) {
      const eight = planBooklet(fixtureProgram(name));
      const four = planBooklet(fourPages(fixtureProgram(name)));
      expect(four.pages.map((p) => p.key)).toEqual(eight.pages.map((p) => p.key));
      const why = four.checks.find((c) => c.message.includes("does not fit a 4-page booklet"));
      expect(why?.level).toBe("warning");
      expect(why?.message).toContain("so it prints as");
    }
    // Text alone can be too long: a life story of many pages.
    const story = Array.from({ length: 30 }, () => fixtureProgram("typical").lifeReflections).join("\n\n");
    const long = planBooklet(fourPages({ ...fixtureProgram("short"), lifeReflections: story }));
    expect(long.pages.length).toBeGreaterThan(4);
    expect(long.pages.length % 4).toBe(0);
    expect(long.checks.map((c) => c.message).join("\n")).toContain("need more than a page");
  });
});

test("the short and composed programs print as 4 PDF pages with their text inside the safe area", async () => {
  const printer = new ChromiumPrinter();
  const photos = await fixturePhotos();
  try {
    for (const [program, pageLayout] of [
      [fourPages(fixtureProgram("short")), "standard"],
      [composedProgram(), "standard"],
      [composedProgram(), "modern"],
    ] as const) {
      const result = await renderProgramPdf(
        { ...program, pageLayout },
        { variant: "pages", printer, photos: memoryPhotoLoader(photos).loader },
      );
      expect(pdfInfo(result.pdf).pages).toBe(4);
      const safe = 0.25 * 72;
      for (let page = 1; page <= 4; page++) {
        const words = pdfWords(result.pdf, page);
        expect(words.length).toBeGreaterThan(0);
        const outside = words.filter(
          (w) => w.xMin < safe || w.yMin < safe || w.xMax > 612 - safe || w.yMax > 792 - safe,
        );
        expect(outside.map((w) => `${pageLayout} page ${page}: ${w.text}`)).toEqual([]);
      }
      expect(pdfText(result.pdf, 3)).toContain("Recessional");
      expect(pdfText(result.pdf)).not.toContain("Notes");
    }
  } finally {
    await printer.close();
  }
}, 120_000);
