// The print engine's admission rules: a capped wait queue, callers that give up leave it, photos
// are loaded only once a slot is free, and a CMYK job still running is never evicted.
import { afterAll, expect, test } from "bun:test";
import { ChromiumPrinter, PrintAbortedError, PrinterBusyError } from "../../src/print/chromium-printer";
import { CmykCache } from "../../src/print/cmyk";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { fixturePhotos, fixtureProgram } from "./support/fixture-programs";
import { memoryPhotoLoader } from "./support/photo-fixtures";

const printers: ChromiumPrinter[] = [];
afterAll(async () => {
  for (const printer of printers) await printer.close();
});

/** A printer whose only slot the test holds until it calls the returned release. */
const heldPrinter = (options: ConstructorParameters<typeof ChromiumPrinter>[0]) => {
  const printer = new ChromiumPrinter({ concurrency: 1, ...options });
  printers.push(printer);
  let release = () => {};
  const held = printer.reserve(() => new Promise<void>((resolve) => (release = resolve)));
  const releaseSlot = () => {
    release();
    return held;
  };
  return { printer, release: releaseSlot };
};

test("a full wait queue refuses the next job at once", async () => {
  const { printer, release } = heldPrinter({ executablePath: undefined, maxQueue: 2 });
  const waiting = [printer.reserve(async () => "a"), printer.reserve(async () => "b")];
  expect(printer.queued).toBe(2);
  await expect(printer.reserve(async () => "c")).rejects.toBeInstanceOf(PrinterBusyError);
  await release();
  expect(await Promise.all(waiting)).toEqual(["a", "b"]);
});

test("a job whose caller gives up leaves the queue and never runs", async () => {
  const { printer, release } = heldPrinter({ executablePath: undefined, maxQueue: 4 });
  const stop = new AbortController();
  let ran = false;
  const job = printer.reserve(async () => {
    ran = true;
  }, stop.signal);
  expect(printer.queued).toBe(1);
  stop.abort();
  await expect(job).rejects.toBeInstanceOf(PrintAbortedError);
  expect(printer.queued).toBe(0);
  await release();
  expect(ran).toBe(false);
});

test("a program's photos are loaded only when a print slot is free", async () => {
  const { printer, release } = heldPrinter({});
  const photos = memoryPhotoLoader(await fixturePhotos());
  const loaded: string[] = [];
  const loader = async (url: string) => {
    loaded.push(url);
    return photos.loader(url);
  };
  const rendering = renderProgramPdf(fixtureProgram("typical"), {
    variant: "pages",
    printer,
    photos: loader,
  });
  await Bun.sleep(200);
  expect(printer.queued).toBe(1);
  expect(loaded).toEqual([]);
  await release();
  const result = await rendering;
  expect(loaded.length).toBeGreaterThan(0);
  expect(result.pageCount).toBeGreaterThanOrEqual(8);
}, 30_000);

test("a CMYK job still preparing is never evicted, so polling it never starts a duplicate", async () => {
  const cache = new CmykCache(1);
  let starts = 0;
  const slow = () => {
    starts += 1;
    return new Promise<{ pdf: Uint8Array; fileName: string }>(() => {});
  };
  const quick = async () => ({ pdf: new Uint8Array([1]), fileName: "x.pdf" });
  cache.request("running", slow);
  for (const key of ["a", "b", "c"]) {
    cache.request(key, quick);
    await cache.settle(key, 1);
  }
  expect(cache.request("running", slow).state).toBe("preparing");
  expect(starts).toBe(1);
});
