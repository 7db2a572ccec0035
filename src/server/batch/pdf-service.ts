// Every PDF of a batch in one download: a ZIP (streamed as the PDFs are made), or one combined
// PDF for a print shop. Each program goes through the same print path as its own PDF download
// (ownership, watermark rule, print engine); one batch runs per user at a time.
import type { PdfVariant } from "../../print/render-program-pdf";
import { programFileStem } from "../../shared/file-name";
import type { Program, User } from "../../shared/schemas";
import { uniqueFileNames } from "../../shared/service-draft";
import { type PrintServiceDeps, renderOwnedProgram } from "../print/service";
import { getProgram } from "../programs/service";
import { combinePdfs, type NamedPdf, zipPdfStream } from "./pdf-bundle";

export type BatchPdfRequest = { ids: string[]; variant: PdfVariant; combine: boolean };
export type BatchPdfAnswer = {
  body: Uint8Array | ReadableStream<Uint8Array>;
  contentType: string;
  fileName: string;
};

/** Each PDF's name in the ZIP (unique, by person and service date) and the download's name. */
export const batchFileNames = (programs: Program[], variant: PdfVariant, combine: boolean) => {
  const suffix = variant === "print" ? "" : `-${variant}`;
  const day = new Date().toISOString().slice(0, 10);
  return {
    names: uniqueFileNames(
      programs.map((p) => `${programFileStem(p)}${suffix}`),
      ".pdf",
    ),
    bundleName: `memorial-programs-${day}${suffix}.${combine ? "pdf" : "zip"}`,
  };
};

/**
 * The programs' PDFs in order, rendering at most `ahead` at once so post-processing overlaps the
 * next print while only a few finished PDFs wait in memory.
 */
async function* renderInOrder(
  programs: Program[],
  names: string[],
  ahead: number,
  render: (program: Program) => Promise<Uint8Array>,
): AsyncGenerator<NamedPdf> {
  const pending: Promise<Uint8Array>[] = [];
  let next = 0;
  const startNext = () => {
    const program = programs[next++];
    if (!program) return;
    const job = render(program);
    // Awaited in order below; this only keeps a later failure from being reported as unhandled.
    job.catch(() => undefined);
    pending.push(job);
  };
  for (let i = 0; i < ahead; i++) startNext();
  for (const name of names) {
    const bytes = await (pending.shift() as Promise<Uint8Array>);
    startNext();
    yield { name, bytes };
  }
}

export const batchPdfs = async (
  deps: PrintServiceDeps,
  user: User,
  { ids, variant, combine }: BatchPdfRequest,
  signal?: AbortSignal,
): Promise<BatchPdfAnswer> => {
  // Every id is checked before anything is rendered: another user's id is a 404 at once.
  const programs = await Promise.all(ids.map((id) => getProgram(deps.db, user.id, id)));
  const { names, bundleName } = batchFileNames(programs, variant, combine);
  const release = deps.jobs.batch.start(user.id);
  // Stops the rendering when the client hangs up or the ZIP stream is cancelled.
  const stop = new AbortController();
  signal?.addEventListener("abort", () => stop.abort(), { once: true });
  const files = renderInOrder(
    programs,
    names,
    deps.printer.concurrency * 2,
    async (program) =>
      (await renderOwnedProgram(deps, user, program, { variant, marks: false, signal: stop.signal })).pdf,
  );
  if (combine) {
    try {
      return { body: await combinePdfs(files), contentType: "application/pdf", fileName: bundleName };
    } finally {
      release();
    }
  }
  // The first PDF is made before the answer starts, so a print engine that cannot print at all
  // (no Chromium, a full queue) answers a clear error instead of a ZIP cut off at its first byte.
  let first: IteratorResult<NamedPdf> | undefined;
  try {
    first = await files.next();
  } catch (error) {
    release();
    throw error;
  }
  const finishing = {
    async next() {
      try {
        const ready = first;
        first = undefined;
        const result = ready ?? (await files.next());
        if (result.done) release();
        return result;
      } catch (error) {
        release();
        console.error("A batch ZIP stopped part-way", error);
        throw error;
      }
    },
  };
  return {
    body: zipPdfStream(finishing, () => {
      stop.abort();
      release();
    }),
    contentType: "application/zip",
    fileName: bundleName,
  };
};
