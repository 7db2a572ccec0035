// How often the builder's preview shows a different page count from the PDF, for long programs
// (issue 23: a long name, 8 reflection paragraphs, a six-line poem, 8 tributes, 10 pallbearers,
// 8 photos), over every font and layout and a few text lengths. The preview plans with the
// planner's text estimate; the PDF engine re-plans with less fill when Chromium's real layout
// overflows, which is where the two can part.
import { planBooklet } from "../../src/print/booklet/plan-booklet";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { FONT_STYLES, PAGE_LAYOUTS } from "../../src/shared/constants";
import type { ProgramInput } from "../../src/shared/schemas";
import { fixturePhotos, longFamilyProgram } from "../print/support/fixture-programs";
import { memoryPhotoLoader } from "../print/support/photo-fixtures";

const VARIANTS = 4;
const printer = new ChromiumPrinter();
const { loader } = memoryPhotoLoader(await fixturePhotos());
const programs: ProgramInput[] = [];
for (let variant = 0; variant < VARIANTS; variant++)
  for (const fontStyle of FONT_STYLES)
    for (const pageLayout of PAGE_LAYOUTS)
      programs.push({ ...longFamilyProgram(variant), fontStyle, pageLayout });

const pageKeys = (pages: { key: string }[]) => pages.map((p) => p.key).join(",");
let differentCount = 0;
let differentPages = 0;
const byFill = new Map<string, number>();
const mismatches: string[] = [];
const started = performance.now();
for (let i = 0; i < programs.length; i += printer.concurrency) {
  await Promise.all(
    programs.slice(i, i + printer.concurrency).map(async (program) => {
      const preview = planBooklet(program);
      const printed = await renderProgramPdf(program, { printer, photos: loader, variant: "pages" });
      if (printed.pageCount !== preview.pages.length) {
        differentCount += 1;
        mismatches.push(
          `${program.fontStyle}/${program.pageLayout}: preview ${preview.pages.length}, PDF ${printed.pageCount}`,
        );
      }
      if (pageKeys(printed.plan.pages) !== pageKeys(preview.pages)) differentPages += 1;
      const overflow = printed.checks.some((c) => c.message.includes("still too long"))
        ? "still overflowing"
        : "";
      const key =
        overflow ||
        (pageKeys(printed.plan.pages) === pageKeys(preview.pages) ? "as previewed" : "re-planned");
      byFill.set(key, (byFill.get(key) ?? 0) + 1);
    }),
  );
}
await printer.close();
const pct = (n: number) => `${((100 * n) / programs.length).toFixed(0)}%`;
console.log(
  `long programs printed: ${programs.length} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
console.log(`page count differs from the preview: ${differentCount} (${pct(differentCount)})`);
console.log(
  `pages differ from the preview (any section split differently): ${differentPages} (${pct(differentPages)})`,
);
console.log(`outcome: ${[...byFill].map(([k, n]) => `${k} ${n}`).join(", ")}`);
for (const line of mismatches.slice(0, 10)) console.log(`  ${line}`);
