import { expect, test } from "bun:test";
import { parse } from "csv-parse/sync";
import { exportDataMergeCsv } from "../../src/print/exports/data-merge";
import { exportColorGuide, exportDesignSpecs, exportPrintingGuide } from "../../src/print/exports/guides";
import { exportPrintTemplate } from "../../src/print/exports/print-template";
import { exportProgramCsv, exportProgramJson, exportProgramsCsv } from "../../src/print/exports/program-data";
import { watermarkExport } from "../../src/print/exports/watermark-export";
import { emptyProgramInput, programInputSchema } from "../../src/shared/schemas";
import { fixtureProgram } from "./support/fixture-programs";

const program = fixtureProgram("typical");

test("program JSON round-trips through the schema", () => {
  const file = exportProgramJson(program);
  expect(file.fileName).toBe("Eleanor-Whitfield-program.json");
  expect(programInputSchema.parse(JSON.parse(file.content))).toEqual(program);
});

test("program CSV has name, dates, location, officiant, theme, font and overlay, quoted where needed", () => {
  const file = exportProgramCsv(program);
  expect(file.fileName).toBe("Eleanor-Whitfield-program.csv");
  const [row] = parse(file.content, { columns: true }) as Record<string, string>[];
  expect(row).toEqual({
    Name: "Eleanor Grace Whitfield",
    "Birth Date": "April 12, 1931",
    "Passing Date": "February 28, 2025",
    "Service Date": "Saturday, March 8, 2025 at 11:00 AM",
    Location: "St. Andrew's Chapel, 14 Elm Street, Maple Grove",
    Officiant: "Rev. Margaret Ellison",
    Theme: "elegant",
    Font: "georgia",
    Overlay: "subtle",
  });
  const many = parse(exportProgramsCsv([program, { ...program, fullName: 'Ana "Nana" Lee' }]).content, {
    columns: true,
  }) as Record<string, string>[];
  expect(many.map((r) => r.Name)).toEqual(["Eleanor Grace Whitfield", 'Ana "Nana" Lee']);
});

test("print template carries trim, bleed, resolution, fonts and every page", () => {
  const template = JSON.parse(exportPrintTemplate(program).content);
  expect(template.page).toMatchObject({
    trimWidthIn: 8.5,
    trimHeightIn: 11,
    bleedIn: 0.125,
    resolutionDpi: 300,
    pageCount: 8,
  });
  expect(template.design.font.package).toBe("@fontsource/gelasio");
  expect(template.design.theme.id).toBe("elegant");
  expect(template.pages.map((p: { kind: string }) => p.kind)).toContain("order-service");
  expect(JSON.stringify(template.pages)).toContain("Łukasz Dvořák");
});

test("guides explain the print shop, home and email formats and the colours", () => {
  const printing = exportPrintingGuide(program).content;
  expect(printing).toContain("flip on the SHORT edge");
  expect(printing).toContain("booklet-letter");
  expect(printing).toContain("TrimBox and BleedBox");
  const colours = exportColorGuide(program).content;
  expect(colours).toContain("#a45d68");
  expect(colours).toContain("printer's own ICC profile");
  const specs = exportDesignSpecs(program);
  expect(specs.fileName).toBe("Eleanor-Whitfield-design-specs.txt");
  expect(specs.content).toContain("300 DPI");
  expect(specs.content).toContain("0.125 in");
});

test("data-merge CSV: Canva gets text columns, InDesign gets @ image columns and a BOM", () => {
  const canva = exportDataMergeCsv(program, "canva");
  expect(canva.content.startsWith("\uFEFF")).toBe(false);
  const [canvaRow] = parse(canva.content, { columns: true }) as Record<string, string>[];
  expect(canvaRow?.FullName).toBe("Eleanor Grace Whitfield");
  expect(canvaRow?.LifeSpan).toBe("April 12, 1931 – February 28, 2025");
  expect(canvaRow?.Pallbearers?.split("\n")).toHaveLength(6);
  expect(Object.keys(canvaRow ?? {}).some((k) => k.startsWith("@"))).toBe(false);

  const indesign = exportDataMergeCsv(program, "indesign");
  expect(indesign.fileName).toBe("Eleanor-Whitfield-indesign-data-merge.csv");
  expect(indesign.content.startsWith("\uFEFF")).toBe(true);
  const [row] = parse(indesign.content, { columns: true, bom: true }) as Record<string, string>[];
  expect(row?.["@CoverPhoto"]).toBe("photo-1.jpg");
  expect(Object.keys(row ?? {}).filter((k) => k.startsWith("@Photo")).length).toBe(7);
  expect(row?.Tributes).toContain("Łukasz Dvořák, Former student");
});

test("the free plan's watermark: a JSON field, a CSV column (BOM kept), a closing line of text", () => {
  const watermark = "Made with Keepsake · Free plan";
  const json = JSON.parse(watermarkExport(exportProgramJson(program), watermark).content);
  expect(json.watermark).toBe(watermark);
  expect(programInputSchema.parse(json)).toEqual(program);

  const csv = watermarkExport(exportProgramCsv(program), watermark);
  const rows = parse(csv.content) as string[][];
  expect(rows[0]?.at(-1)).toBe("Watermark");
  expect(rows[1]?.at(-1)).toBe(watermark);
  expect(rows[1]?.[0]).toBe(program.fullName);

  const merge = watermarkExport(exportDataMergeCsv(program, "indesign"), watermark);
  expect(merge.content.startsWith("\uFEFF")).toBe(true);
  expect((parse(merge.content, { bom: true }) as string[][])[1]?.at(-1)).toBe(watermark);

  const guide = watermarkExport(exportPrintingGuide(program), watermark);
  expect(guide.content.trimEnd().endsWith(watermark)).toBe(true);
  expect(guide.fileName).toBe(exportPrintingGuide(program).fileName);
});

test("CSV cells that a spreadsheet would run as formulas are neutralised, and read back as text", () => {
  const program = {
    ...emptyProgramInput(),
    fullName: '=HYPERLINK("http://evil.example","Click")',
    preferredName: "+1 555 0100",
    location: "-2+3",
    officiant: "@SUM(A1)",
    scripture: "\tTabbed",
  };
  const files = [
    exportProgramCsv(program),
    exportDataMergeCsv(program, "indesign"),
    exportProgramsCsv([program]),
  ];
  for (const file of files) {
    const cells = parse(file.content.replace(/^\uFEFF/, ""), { relax_column_count: true }).flat() as string[];
    for (const dangerous of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(cells.filter((cell) => cell.startsWith(dangerous))).toEqual([]);
    }
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","Click")`);
  }
});
