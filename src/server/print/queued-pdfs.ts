// PDFs through the print workers' queue (servers on PostgreSQL): the web server checks ownership,
// entitlements and caps as for its own PDFs, sends one task per program, and hands out the PDFs
// the workers keep in the file store. A single PDF waits briefly for its worker; a batch answers
// at once with a status address the client follows.
import { createHash } from "node:crypto";
import { type AppDatabase, holdUntilCommit, write } from "../../../db/client";
import { type PdfVariant, pdfFileName } from "../../print/render-program-pdf";
import type { Program, User } from "../../shared/schemas";
import { combinePdfs, type NamedPdf, zipPdfStream } from "../batch/pdf-bundle";
import type { BatchPdfAnswer, BatchPdfRequest } from "../batch/pdf-service";
import { batchFileNames } from "../batch/pdf-service";
import { AppError, notFound } from "../errors";
import type { FileStore } from "../photos/file-store";
import type { PrintJobLimits } from "./job-limits";
import { type PrintJobView, type PrintQueue, printedPdfKey } from "./print-queue";
import type { PdfAnswer } from "./service";
import { needsWatermark } from "./watermark";

export type QueuedPrinting = {
  queue: PrintQueue;
  /** Where the workers keep the finished PDFs. */
  files: FileStore;
  /** How long a single-PDF request waits for its worker before answering 202. */
  waitMs: number;
};

export const DEFAULT_PDF_WAIT_MS = 20_000;

type Deps = { queued: QueuedPrinting; jobs: PrintJobLimits; now?: () => Date };
type BatchDeps = Deps & { db: AppDatabase };

const PRINT_JOB_NOT_FOUND = "No such print job";
const PDF_FAILED = "The PDF could not be made. Please try again.";

const statusUrlOf = (printJobId: string) => `/api/print-jobs/${printJobId}`;

/**
 * One program's PDF: the same request for the same version of the program finds the job already
 * sent (the client asking again after a 202), so it is printed once.
 */
export const queuedProgramPdf = async (
  deps: Deps,
  user: User,
  program: Program,
  request: { variant: PdfVariant; marks: boolean },
): Promise<PdfAnswer> => {
  const { queue, files, waitMs } = deps.queued;
  const watermark = needsWatermark(user, deps.now?.());
  const key = createHash("sha256")
    .update(JSON.stringify([program, request.variant, request.marks, watermark]))
    .digest("hex");
  const fileName = pdfFileName(program.fullName, request.variant);
  return deps.jobs.pdf.run(user.id, async () => {
    const sent = await queue.findByKey(user.id, key);
    const id =
      sent?.id ??
      (await queue.enqueue(
        [{ ownerId: user.id, fileName, program, ...request, watermark, bundle: "pdf", bundleName: fileName }],
        { key },
      ));
    const view = await queue.waitFor(user.id, id, waitMs);
    if (view?.state === "failed") throw new AppError("SERVICE_UNAVAILABLE", PDF_FAILED);
    if (view?.state !== "done") {
      return {
        kind: "preparing",
        message: "Preparing your PDF. It will be ready in a moment.",
        statusUrl: statusUrlOf(id),
      };
    }
    const pdf = await files.get(printedPdfKey(id));
    if (!pdf) throw new AppError("SERVICE_UNAVAILABLE", PDF_FAILED);
    return { kind: "pdf", pdf, fileName, checks: 0 };
  });
};

/** Sends a batch's PDFs (every id checked by the caller first) and answers where to follow it. */
export const queueBatchPdfs = async (
  deps: BatchDeps,
  user: User,
  programs: Program[],
  { variant, combine }: Omit<BatchPdfRequest, "ids">,
) => {
  const { queue } = deps.queued;
  const { names, bundleName } = batchFileNames(programs, variant, combine);
  const watermark = needsWatermark(user, deps.now?.());
  const id = await write(deps.db, async (tx) => {
    // One batch per user at a time, counted in the queue so every web server sees the same number.
    // The user's requests take turns from the count to the send: two at once cannot both see none.
    await holdUntilCommit(tx, "print-batch", user.id);
    if ((await queue.unfinished(user.id, ["zip", "combined"])) >= deps.jobs.batch.perUser) {
      throw deps.jobs.batch.refusal();
    }
    return queue.enqueue(
      programs.map((program, i) => ({
        ownerId: user.id,
        fileName: names[i] ?? "",
        program,
        variant,
        marks: false,
        watermark,
        bundle: combine ? "combined" : "zip",
        bundleName,
      })),
    );
  });
  return { jobId: id, statusUrl: statusUrlOf(id), total: programs.length };
};

const findOwned = async (queued: QueuedPrinting | undefined, user: User, id: string) => {
  const view = await queued?.queue.find(user.id, id);
  if (!view) throw notFound(PRINT_JOB_NOT_FOUND);
  return view;
};

/** How far the owner's print job is; `downloadUrl` once every PDF is made. */
export const printJobStatus = async (queued: QueuedPrinting | undefined, user: User, id: string) => {
  const { state, done, total } = await findOwned(queued, user, id);
  return {
    state,
    done,
    total,
    ...(state === "done" ? { downloadUrl: `${statusUrlOf(id)}/download` } : {}),
  };
};

/** The finished print job as one download: its PDF, a ZIP of its PDFs, or one combined PDF. */
export const printJobDownload = async (
  queued: QueuedPrinting | undefined,
  user: User,
  id: string,
): Promise<BatchPdfAnswer & { job: PrintJobView }> => {
  const job = await findOwned(queued, user, id);
  if (job.state === "failed") {
    throw new AppError("SERVICE_UNAVAILABLE", "Some PDFs could not be made. Please download them again.");
  }
  if (job.state !== "done") {
    throw new AppError("CONFLICT", "The PDFs are still being made. Please wait until they are ready.");
  }
  const files = (queued as QueuedPrinting).files;
  const read = async (task: PrintJobView["tasks"][number]) => {
    const bytes = await files.get(printedPdfKey(task.id));
    // Kept PDFs are removed a day after printing; the queue may list the job a while longer.
    if (!bytes) throw notFound("This download has expired. Please make the PDFs again.");
    return { name: task.fileName, bytes };
  };
  // The first is read before answering, so an expired download is refused rather than cut off.
  const [first, ...rest] = job.tasks;
  const firstPdf = first && (await read(first));
  // The others are read one at a time as the download goes, so the server holds one PDF at once.
  async function* stored(): AsyncGenerator<NamedPdf> {
    if (firstPdf) yield firstPdf;
    for (const task of rest) yield await read(task);
  }
  if (job.bundle === "zip") {
    return {
      job,
      body: zipPdfStream(stored(), () => undefined),
      contentType: "application/zip",
      fileName: job.bundleName,
    };
  }
  const body = job.bundle === "combined" ? await combinePdfs(stored()) : (await stored().next()).value?.bytes;
  return { job, body: body as Uint8Array, contentType: "application/pdf", fileName: job.bundleName };
};
