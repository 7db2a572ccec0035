// Issue 23's property at scale: how many of PROPERTY_RUNS (default 300) random programs print
// differently from their preview (page count, a page's text, a typed word, an untyped "…").
// The property test (tests/print/booklet-property.test.ts) runs the same check on a few.
import fc from "fast-check";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import {
  previewPrintDifferences,
  programArbitrary,
  randomAspectPhotos,
} from "../print/support/booklet-property";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 300);
const printer = new ChromiumPrinter();
const photos = randomAspectPhotos();
const programs = fc.sample(programArbitrary, { numRuns: RUNS, seed: 23 });
const failures: string[] = [];
const started = performance.now();
for (let i = 0; i < programs.length; i += printer.concurrency) {
  await Promise.all(
    programs.slice(i, i + printer.concurrency).map(async (program, j) => {
      const problems = await previewPrintDifferences(program, printer, photos);
      if (problems.length > 0) failures.push(`#${i + j} ${problems[0]}`);
    }),
  );
}
await printer.close();
const seconds = (performance.now() - started) / 1000;
console.log(`random programs printed: ${programs.length} in ${seconds.toFixed(0)} s`);
console.log(`differ from their preview: ${failures.length}`);
for (const line of failures.slice(0, 10)) console.log(`  ${line}`);
