// A batch keeps going when Chromium dies under it: the printer relaunches the browser and retries
// the jobs that were on it, so every program of the batch still comes out, once.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { mapWithConcurrency } from "../../src/shared/map-with-concurrency";
import { fixtureProgram } from "./support/fixture-programs";
import { pdfInfo, pdfText } from "./support/pdf-tools";

let printer: ChromiumPrinter;
beforeAll(() => {
  printer = new ChromiumPrinter();
});
afterAll(() => printer.close());

/** Chromium processes this test process started. */
const chromiumChildren = () =>
  Bun.spawnSync(["pgrep", "-P", String(process.pid), "chrom"])
    .stdout.toString()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

test("Chromium killed in the middle of a 12-program batch is relaunched and the batch completes", async () => {
  const programs = Array.from({ length: 12 }, (_, i) => ({
    ...fixtureProgram("short"),
    fullName: `Batch Person ${String(i + 1).padStart(2, "0")}`,
  }));
  const launchesBefore = printer.launches;
  let done = 0;
  let killed = false;
  const pdfs = await mapWithConcurrency(programs, 2, async (program) => {
    const { pdf } = await renderProgramPdf(program, { variant: "pages", printer });
    done++;
    // After the third PDF, with the next ones on the browser, pull its plug.
    if (done === 3 && !killed) {
      killed = true;
      const children = chromiumChildren();
      expect(children.length).toBeGreaterThan(0);
      for (const pid of children) process.kill(pid, "SIGKILL");
    }
    return pdf;
  });
  expect(killed).toBe(true);
  expect(printer.launches).toBeGreaterThan(launchesBefore);
  expect(pdfs).toHaveLength(12);
  // Every program once, in order, each a whole booklet.
  pdfs.forEach((pdf, i) => {
    expect(pdfInfo(pdf).pages).toBe(8);
    expect(pdfText(pdf)).toContain(`Batch Person ${String(i + 1).padStart(2, "0")}`);
  });
}, 180_000);
