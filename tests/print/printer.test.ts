// The printer's guarantees: booklet imposition order, no request leaves the page, crash recovery.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { ChromiumMissingError, ChromiumPrinter } from "../../src/print/chromium-printer";
import { imposeBooklet, saddleStitchOrder } from "../../src/print/pdf-post-process";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { fixturePhotos, fixtureProgram } from "./support/fixture-programs";
import { flatText, pdfInfo, pdfText, pdfWords } from "./support/pdf-tools";
import { memoryPhotoLoader } from "./support/photo-fixtures";

let printer: ChromiumPrinter;
beforeAll(() => {
  printer = new ChromiumPrinter();
});
afterAll(() => printer.close());

/** A plain 8.5x11 document whose page n says PAGE-n, to see where imposition puts it. */
const numberedPages = async (count: number) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 1; n <= count; n++)
    doc.addPage([612, 792]).drawText(`PAGE-${n}`, { x: 250, y: 400, size: 30, font });
  return doc.save();
};

/** The page numbers on a sheet side, left to right. */
const pagesOnSide = (pdf: Uint8Array, side: number) =>
  pdfWords(pdf, side)
    .filter((w) => w.text.startsWith("PAGE-"))
    .sort((a, b) => a.xMin - b.xMin)
    .map((w) => Number(w.text.slice(5)));

test("saddle-stitch order of an 8-page booklet", () => {
  expect(saddleStitchOrder(8)).toEqual([
    [8, 1],
    [2, 7],
    [6, 3],
    [4, 5],
  ]);
  expect(saddleStitchOrder(12)[0]).toEqual([12, 1]);
});

for (const sheet of ["letter", "tabloid"] as const) {
  test(`booklet-${sheet}: pages 2-up on landscape sheets in saddle-stitch order`, async () => {
    const imposed = await imposeBooklet(await numberedPages(8), sheet, "t");
    const info = pdfInfo(imposed);
    expect(info.pages).toBe(4);
    expect(info.mediaBox).toEqual(sheet === "letter" ? [0, 0, 792, 612] : [0, 0, 1224, 792]);
    expect([1, 2, 3, 4].map((side) => pagesOnSide(imposed, side))).toEqual([
      [8, 1],
      [2, 7],
      [6, 3],
      [4, 5],
    ]);
    // The two pages meet at the fold, in the middle of the sheet.
    const [left, right] = pdfWords(imposed, 1)
      .filter((w) => w.text.startsWith("PAGE-"))
      .sort((a, b) => a.xMin - b.xMin);
    expect(left!.xMax).toBeLessThan(info.mediaBox[2]! / 2);
    expect(right!.xMin).toBeGreaterThan(info.mediaBox[2]! / 2);
  });
}

test("the booklet variants of a real program impose its pages", async () => {
  const photos = memoryPhotoLoader(await fixturePhotos()).loader;
  for (const [variant, size] of [
    ["booklet-letter", [0, 0, 792, 612]],
    ["booklet-tabloid", [0, 0, 1224, 792]],
  ] as const) {
    const result = await renderProgramPdf(fixtureProgram("typical"), { variant, photos, printer });
    const info = pdfInfo(result.pdf);
    expect(info.pages).toBe(4);
    expect(info.mediaBox).toEqual([...size]);
    // Sheet 1 front holds the back cover (left) and the cover (right).
    const front = pdfWords(result.pdf, 1);
    const forever = front.find((w) => w.text === "FOREVER");
    const celebrating = front.find((w) => w.text === "CELEBRATING");
    expect(forever!.xMin).toBeLessThan(size[2] / 2);
    expect(celebrating!.xMin).toBeGreaterThan(size[2] / 2);
    expect(flatText(pdfText(result.pdf, 4))).toContain("Order of Service");
  }
}, 60_000);

test("a program whose texts and image addresses point at a listener makes no request to it", async () => {
  let requests = 0;
  const listener = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch: () => {
      requests += 1;
      return new Response("x");
    },
  });
  try {
    const origin = `http://127.0.0.1:${listener.port}`;
    const hostile = `<img src="${origin}/text.png"><link rel=stylesheet href="${origin}/s.css"> url(${origin}/css)`;
    const program = {
      ...fixtureProgram("typical"),
      fullName: `Eve <img src="${origin}/name.png">`,
      lifeReflections: hostile,
      scripture: `<style>@import "${origin}/import.css";</style>`,
      mainPhotoUrl: `${origin}/cover.jpg`,
      backgroundImage: `${origin}/bg.jpg"); background: url("${origin}/css-injection.png`,
      overlayEffect: "ghost" as const,
      additionalPhotos: fixtureProgram("typical").additionalPhotos.map((p) => ({
        ...p,
        url: `${origin}/${p.id}.jpg`,
      })),
    };
    // A loader that knows nothing of these addresses, as the real one knows only the owner's photos.
    const { loader, asked } = memoryPhotoLoader({});
    const result = await renderProgramPdf(program, { photos: loader, printer });
    expect(requests).toBe(0);
    expect(asked.length).toBeGreaterThan(0);
    // The text is printed as text, not interpreted.
    expect(flatText(pdfText(result.pdf))).toContain(`${origin}/text.png`);
  } finally {
    await listener.stop(true);
  }
});

test("a crashed browser is relaunched for the next job", async () => {
  const program = fixtureProgram("short");
  await renderProgramPdf(program, { variant: "pages", printer });
  const launchesBefore = printer.launches;
  const browser = await printer.currentBrowser();
  // Kill the Chromium this test process launched, as a crash would.
  const children = Bun.spawnSync(["pgrep", "-P", String(process.pid), "chrom"])
    .stdout.toString()
    .split(/\s+/)
    .filter(Boolean);
  expect(children.length).toBeGreaterThan(0);
  for (const pid of children) process.kill(Number(pid), "SIGKILL");
  for (let i = 0; i < 50 && browser?.isConnected(); i++) await Bun.sleep(100);
  expect(browser?.isConnected()).toBe(false);
  const again = await renderProgramPdf(program, { variant: "pages", printer });
  expect(pdfInfo(again.pdf).pages).toBe(8);
  expect(printer.launches).toBe(launchesBefore + 1);
}, 60_000);

test("a missing Chromium is a clear error, not a hang", async () => {
  const missing = new ChromiumPrinter({ executablePath: undefined });
  const attempt = renderProgramPdf(fixtureProgram("short"), { printer: missing });
  await expect(attempt).rejects.toBeInstanceOf(ChromiumMissingError);
  await expect(attempt).rejects.toThrow("apt-get install chromium");
  await missing.close();
});

test("a job still running when the printer closes starts no new browser", async () => {
  const closing = new ChromiumPrinter();
  // The job holds its slot until the printer has closed, then asks for a page, as a PDF request
  // still in flight when the server stops would.
  const job = closing.reserve(async (print) => {
    await closing.close();
    return print({ html: () => "<p>late</p>", asset: () => undefined, widthIn: 8.5, heightIn: 11 });
  });
  await expect(job).rejects.toThrow("The printer has been closed");
  expect(closing.launches).toBe(0);
});
