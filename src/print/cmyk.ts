// Optional CMYK conversion with Ghostscript. Most printers accept RGB with an ICC profile (what
// Chromium writes); a print shop's own ICC profile gives the best CMYK. Ghostscript's generic
// conversion takes ~10 s for a photo-heavy program, so callers run it off the request path and
// keep the result in a CmykCache.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";

export const findGhostscript = (): string | undefined => Bun.which("gs") ?? undefined;

/** Converts every colour in a PDF to DeviceCMYK, keeping each page's TrimBox and BleedBox. */
export const convertPdfToCmyk = async (pdf: Uint8Array, gsPath = findGhostscript()): Promise<Uint8Array> => {
  if (!gsPath) throw new Error("Ghostscript (gs) is not installed, so CMYK PDFs are unavailable.");
  const dir = await mkdtemp(join(tmpdir(), "keepsake-cmyk-"));
  try {
    const input = join(dir, "in.pdf");
    const output = join(dir, "out.pdf");
    await writeFile(input, pdf);
    const proc = Bun.spawn(
      [
        gsPath,
        "-dSAFER",
        "-dBATCH",
        "-dNOPAUSE",
        "-dQUIET",
        "-sDEVICE=pdfwrite",
        "-dCompatibilityLevel=1.6",
        "-sColorConversionStrategy=CMYK",
        "-sProcessColorModel=DeviceCMYK",
        "-dAutoRotatePages=/None",
        `-sOutputFile=${output}`,
        input,
      ],
      { stdout: "ignore", stderr: "pipe" },
    );
    const code = await proc.exited;
    if (code !== 0)
      throw new Error(`Ghostscript failed: ${(await new Response(proc.stderr).text()).slice(0, 500)}`);
    return await restoreBoxes(pdf, new Uint8Array(await readFile(output)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/** Ghostscript may drop or rewrite page boxes; copy them back from the source. */
const restoreBoxes = async (source: Uint8Array, converted: Uint8Array) => {
  const [from, to] = await Promise.all([PDFDocument.load(source), PDFDocument.load(converted)]);
  const sourcePages = from.getPages();
  to.getPages().forEach((page, i) => {
    const original = sourcePages[i];
    if (!original) return;
    const trim = original.getTrimBox();
    const bleed = original.getBleedBox();
    page.setTrimBox(trim.x, trim.y, trim.width, trim.height);
    page.setBleedBox(bleed.x, bleed.y, bleed.width, bleed.height);
  });
  to.setTitle(from.getTitle() ?? "Memorial program");
  return to.save();
};

type CmykEntry =
  | { state: "preparing"; startedAt: number }
  | { state: "ready"; pdf: Uint8Array; fileName: string }
  | { state: "failed" };

/**
 * Background CMYK jobs by key (program content + options), keeping the most recent results. A job
 * still preparing is never evicted: the next poll would otherwise start a duplicate.
 */
export class CmykCache {
  private readonly entries = new Map<string, CmykEntry>();
  constructor(private readonly capacity = 24) {}

  /** The job's state; starts it with `produce` when it is not known yet. */
  request(key: string, produce: () => Promise<{ pdf: Uint8Array; fileName: string }>): CmykEntry {
    const known = this.entries.get(key);
    if (known?.state === "failed") {
      // Report a failure once; the next request tries again.
      this.entries.delete(key);
      return known;
    }
    if (known) return known;
    // Started before the entry exists, so a job refused at once (a cap) leaves no entry behind.
    const job = produce();
    const entry: CmykEntry = { state: "preparing", startedAt: Date.now() };
    this.set(key, entry);
    job.then(
      (result) => this.set(key, { state: "ready", ...result }),
      (error: unknown) => {
        // Ghostscript's output and file paths are for the log, never for the client.
        console.error("CMYK conversion failed", error);
        this.set(key, { state: "failed" });
      },
    );
    return entry;
  }

  /** Resolves once the job of `key` is no longer preparing (for tests and the CLI). */
  async settle(key: string, pollMs = 100): Promise<CmykEntry | undefined> {
    for (;;) {
      const entry = this.entries.get(key);
      if (entry?.state !== "preparing") return entry;
      await Bun.sleep(pollMs);
    }
  }

  private set(key: string, entry: CmykEntry) {
    this.entries.delete(key);
    this.entries.set(key, entry);
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.entries.size <= this.capacity) break;
      if (oldEntry.state !== "preparing") this.entries.delete(oldKey);
    }
  }
}
