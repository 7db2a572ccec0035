import { describe, expect, test } from "bun:test";
import { PHOTO_SIZES_PRINTED, planBooklet } from "../../src/print/booklet/plan-booklet";
import {
  formatDateInWords,
  formatLifeSpan,
  formatServiceDateTime,
  formatServiceDay,
  formatServiceTime,
} from "../../src/shared/format-date";
import { emptyProgramInput } from "../../src/shared/schemas";
import { fixtureProgram } from "./support/fixture-programs";

describe("dates in words", () => {
  test("prints dates as people write them, without time-zone shifts", () => {
    expect(formatDateInWords("1931-04-12")).toBe("April 12, 1931");
    expect(formatDateInWords("2025-01-01")).toBe("January 1, 2025");
    expect(formatDateInWords("")).toBe("");
    expect(formatLifeSpan("1931-04-12", "2025-02-28")).toBe("April 12, 1931 – February 28, 2025");
    expect(formatLifeSpan("", "2025-02-28")).toBe("February 28, 2025");
    expect(formatServiceDay("2025-03-08T11:00")).toBe("Saturday, March 8, 2025");
    expect(formatServiceTime("2025-03-08T11:00")).toBe("11:00 AM");
    expect(formatServiceTime("2025-03-08T00:30")).toBe("12:30 AM");
    expect(formatServiceTime("2025-03-08T14:05")).toBe("2:05 PM");
    expect(formatServiceDateTime("2025-03-08T11:00")).toBe("Saturday, March 8, 2025 at 11:00 AM");
    expect(formatServiceDateTime("2025-03-08")).toBe("Saturday, March 8, 2025");
  });
});

describe("planBooklet", () => {
  test("a typical program is the 8 pages in reading order", () => {
    const plan = planBooklet(fixtureProgram("typical"));
    expect(plan.pages.map((p) => p.kind)).toEqual([
      "cover",
      "inside-left",
      "life-reflections",
      "order-service",
      "photo-memories",
      "tributes",
      "acknowledgments",
      "back",
    ]);
    expect(plan.checks.filter((c) => c.level === "warning")).toEqual([]);
  });

  test("places at most 3 photos on the inside page, one beside short life reflections, the rest on the memories page", () => {
    const plan = planBooklet(fixtureProgram("typical"));
    const photosOf = (kind: string) => plan.pages.find((p) => p.kind === kind)?.photos?.map((p) => p.id);
    expect(photosOf("inside-left")).toEqual(["p1", "p2", "p3"]);
    expect(photosOf("back")).toEqual(["p4"]);
    expect(photosOf("life-reflections")).toEqual(["p6"]);
    expect(photosOf("photo-memories")).toEqual(["p5", "p7"]);
  });

  test("when every photo would go inside, the memories page gets all but the first", () => {
    const typical = fixtureProgram("typical");
    // The cover and four photos: three for the life story and one for the memorial.
    const plan = planBooklet({ ...typical, additionalPhotos: typical.additionalPhotos.slice(0, 4) });
    const photosOf = (kind: string) =>
      plan.pages.find((p) => p.kind === kind)?.photos?.map((p) => p.id) ?? [];
    expect(photosOf("inside-left")).toEqual(["p1"]);
    expect([...photosOf("life-reflections"), ...photosOf("photo-memories")].sort()).toEqual(["p2", "p3"]);
    expect(photosOf("photo-memories").length).toBeGreaterThan(0);
    expect(photosOf("back")).toEqual(["p4"]);
  });

  test("photos are composed at their aspect ratios (trimmed at most 15%), in rows that span the page", () => {
    const typical = fixtureProgram("typical");
    const shapes = [
      [3000, 2000],
      [2000, 3000],
      [2400, 2400],
      [3000, 2000],
      [2000, 3000],
      [3000, 2000],
      [2000, 3000],
      [2400, 2400],
    ];
    for (let n = 1; n <= 8; n++) {
      const additionalPhotos = shapes.slice(0, n).map(([width, height], i) => ({
        id: `m${i}`,
        url: `/api/photos/m${i}`,
        caption: `Photo ${i}`,
        size: "medium" as const,
        position: "tribute" as const,
        order: i,
        width: width ?? 1,
        height: height ?? 1,
      }));
      // Without life reflections no photo is lent to that page: all of them are on the memories page.
      const plan = planBooklet({ ...typical, lifeReflections: "", additionalPhotos });
      const placed = plan.pages.find((p) => p.kind === "photo-memories")?.photos ?? [];
      expect(placed.map((p) => p.id)).toEqual(additionalPhotos.map((p) => p.id));
      for (const p of placed) {
        const [width = 1, height = 1] = shapes[Number(p.id.slice(1))] ?? [];
        // At its shape, or trimmed at the sides by at most 15% to fill the page.
        expect(p.widthIn / p.heightIn).toBeLessThanOrEqual(width / height + 1e-9);
        expect(p.widthIn / p.heightIn).toBeGreaterThanOrEqual(width / height / 1.15 - 1e-9);
        // Its place in the row is at least 1.2 in wide; a Medium photo fills its share of it.
        expect(p.widthIn).toBeGreaterThan(1.2 * PHOTO_SIZES_PRINTED.medium.share);
      }
      const rows = Map.groupBy(placed, (p) => p.row ?? 0);
      for (const row of rows.values()) {
        const width = row.reduce((sum, p) => sum + p.widthIn, 0) + 0.22 * (row.length - 1);
        expect(width).toBeLessThanOrEqual(7 + 1e-6);
      }
    }
  });

  test("short texts are set large, up to each section's ceiling, and spread with rhythm", () => {
    const plan = planBooklet(fixtureProgram("typical"));
    for (const kind of ["life-reflections", "order-service", "tributes", "acknowledgments"]) {
      const page = plan.pages.find((p) => p.kind === kind);
      expect(page?.scale).toBeGreaterThan(1.3);
      expect(page?.scale).toBeLessThanOrEqual(1.6);
    }
  });

  test("empty sections are left out and the print check says so", () => {
    const plan = planBooklet({ ...fixtureProgram("typical"), tributes: [] });
    expect(plan.pages.map((p) => p.kind)).not.toContain("tributes");
    expect(plan.pages.length).toBe(8);
    expect(plan.pages.at(-2)?.kind).toBe("notes");
    expect(plan.checks.map((c) => c.message)).toContain(
      "Tributes has nothing to print yet, so its page is left out. Add it in the builder to print that page instead of notes pages.",
    );
  });

  test("long texts continue on added pages, the count stays a multiple of 4 and nothing is dropped", () => {
    const program = fixtureProgram("long");
    const plan = planBooklet(program);
    expect(plan.pages.length % 4).toBe(0);
    expect(plan.pages.length).toBeGreaterThan(8);
    expect(plan.pages.at(-1)?.kind).toBe("back");
    const planned = JSON.stringify(plan.pages.map((p) => p.blocks ?? []));
    expect(planned).toContain("FINAL-SENTENCE-MARKER");
    expect(planned).toContain("TRIBUTE-END-14");
    expect(planned).toContain("ACK-END-MARKER");
    expect(planned).toContain("Pallbearer Number 24");
    expect(planned).toContain("Service item 30 with a reading");
    const words = (text: string) => text.split(/\s+/).filter(Boolean).length;
    const plannedWords = plan.pages
      .filter((p) => p.kind === "life-reflections")
      .flatMap((p) => p.blocks ?? [])
      .reduce((sum, b) => sum + (b.type === "paragraph" ? words(b.text) : 0), 0);
    expect(plannedWords).toBe(words(program.lifeReflections));
    expect(plan.checks.some((c) => c.message.startsWith("Life reflections continues on"))).toBe(true);
    expect(plan.checks.some((c) => c.message.includes("notes page"))).toBe(
      plan.pages.some((p) => p.kind === "notes"),
    );
  });

  test("text a little too long is shrunk within the floor and reported", () => {
    const paragraph = "She loved her garden, her students and her family, and she said so often. ".repeat(40);
    const plan = planBooklet({ ...emptyProgramInput(), fullName: "Ana Lee", lifeReflections: paragraph });
    const page = plan.pages.find((p) => p.kind === "life-reflections");
    expect(plan.pages.length).toBe(8);
    expect(page?.scale).toBeLessThan(1);
    // Body text never below 11 pt.
    expect((page?.scale ?? 0) * 12).toBeGreaterThanOrEqual(11);
    expect(
      plan.checks.some((c) => /Life reflections: the text was set at \d+% of its size/.test(c.message)),
    ).toBe(true);
  });

  test("warns about photos too small for their printed size", () => {
    const program = {
      ...fixtureProgram("typical"),
      additionalPhotos: [
        {
          id: "a",
          url: "/api/photos/a",
          caption: "Tiny",
          size: "full" as const,
          position: "tribute" as const,
          order: 0,
          width: 400,
          height: 300,
        },
        {
          id: "b",
          url: "/api/photos/b",
          caption: "Sharp",
          size: "medium" as const,
          position: "life" as const,
          order: 1,
          width: 3000,
          height: 3000,
        },
      ],
    };
    const checks = planBooklet(program).checks;
    expect(
      checks.some((c) => c.level === "warning" && c.message.includes('"Tiny"') && c.message.includes("dpi")),
    ).toBe(true);
    expect(checks.some((c) => c.message.includes('"Sharp"'))).toBe(false);
  });

  test("an empty order of service shows the usual order and says so", () => {
    const plan = planBooklet(emptyProgramInput());
    const order = plan.pages.find((p) => p.kind === "order-service");
    expect(order?.blocks?.map((b) => (b.type === "service-item" ? b.title : ""))).toContain("Processional");
    expect(plan.checks.some((c) => c.message.includes("usual order"))).toBe(true);
  });
});

describe("missing photos", () => {
  test("the print check names each photo that is gone instead of leaving it out silently", () => {
    const program = {
      ...fixtureProgram("typical"),
      mainPhotoUrl: "/api/photos/cover-id",
      additionalPhotos: [
        { id: "a", url: "/api/photos/a", caption: "At the lake", size: "medium", position: "life", order: 0 },
        { id: "b", url: "/api/photos/b", caption: "", size: "medium", position: "life", order: 1 },
      ],
    } as Parameters<typeof planBooklet>[0];
    const gone = new Set(["/api/photos/cover-id", "/api/photos/b"]);
    const missing = planBooklet(program, { isMissing: (url) => gone.has(url) })
      .checks.filter((c) => c.message.includes("is missing"))
      .map((c) => [c.level, c.message.split(" is missing")[0]]);
    expect(missing).toEqual([
      ["warning", "The main photo"],
      ["warning", "Photo 2"],
    ]);
    expect(planBooklet(program).checks.some((c) => c.message.includes("is missing"))).toBe(false);
  });
});

test("photos that cannot be found get no room: no empty photo page, and the print check names them", () => {
  const program = fixtureProgram("typical");
  expect(program.additionalPhotos.length).toBeGreaterThan(0);
  const withPhotos = planBooklet(program);
  expect(withPhotos.pages.some((page) => page.kind === "photo-memories")).toBe(true);
  const gone = planBooklet(program, { isMissing: () => true });
  expect(gone.pages.some((page) => page.kind === "photo-memories")).toBe(false);
  expect(gone.pages.flatMap((page) => page.photos ?? [])).toEqual([]);
  expect(gone.pages.length % 4).toBe(0);
  const missing = gone.checks.filter((check) => check.message.includes("is missing"));
  expect(missing.length).toBe(program.additionalPhotos.length + (program.mainPhotoUrl ? 1 : 0));
});
