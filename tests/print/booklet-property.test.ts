// Issue 23's property: random programs (every field's length and count, long and accented names,
// verse, 0-8 photos of random aspect, every layout, font and overlay) print as previewed.
// PROPERTY_RUNS sets how many; `bun run bench` runs a few hundred (tests/bench/booklet-property.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import fc from "fast-check";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { previewPrintDifferences, programArbitrary, randomAspectPhotos } from "./support/booklet-property";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 6);

let printer: ChromiumPrinter;
beforeAll(() => {
  printer = new ChromiumPrinter();
});
afterAll(() => printer.close());

test(
  `${RUNS} random programs print as the preview shows them`,
  async () => {
    const photos = randomAspectPhotos();
    await fc.assert(
      fc.asyncProperty(programArbitrary, async (program) => {
        expect(await previewPrintDifferences(program, printer, photos)).toEqual([]);
      }),
      // Each run prints a PDF, so a failure is reported as found rather than shrunk for minutes.
      {
        numRuns: RUNS,
        endOnFailure: true,
        seed: process.env.PROPERTY_SEED ? Number(process.env.PROPERTY_SEED) : undefined,
      },
    );
  },
  55_000 + RUNS * 8_000,
);
