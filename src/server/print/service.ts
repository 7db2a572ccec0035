// PDF downloads: the owner's program, rendered by the shared print engine, with the free plan's
// watermark when the plan has none (Free after the trial), and CMYK prepared in the background when asked for.
import { createHash } from "node:crypto";
import type { AppDatabase } from "../../../db/client";
import {
  ChromiumMissingError,
  type ChromiumPrinter,
  PrintAbortedError,
  PrinterBusyError,
} from "../../print/chromium-printer";
import { type CmykCache, convertPdfToCmyk, findGhostscript } from "../../print/cmyk";
import type { PhotoLoader } from "../../print/photo-assets";
import { type PdfVariant, renderProgramPdf } from "../../print/render-program-pdf";
import type { Program, User } from "../../shared/schemas";
import { AppError } from "../errors";
import { getProgram } from "../programs/service";
import type { PrintJobLimits } from "./job-limits";
import { type QueuedPrinting, queuedProgramPdf } from "./queued-pdfs";
import { needsWatermark } from "./watermark";

export type PdfRequest = { variant: PdfVariant; marks: boolean; cmyk: boolean };

export type PrintServiceDeps = {
  db: AppDatabase;
  printer: ChromiumPrinter;
  cmykCache: CmykCache;
  /** Running PDF, batch and CMYK jobs per user. */
  jobs: PrintJobLimits;
  /** The print masters of the owner's photos (the photos feature provides it). */
  photoLoaderFor?: (ownerId: string) => PhotoLoader;
  /** The print workers' queue (servers on PostgreSQL); PDFs print in this process when absent. */
  queued?: QueuedPrinting;
  /** Ghostscript for CMYK; the one on PATH when absent. */
  ghostscriptPath?: string;
  now?: () => Date;
};

export type PdfAnswer =
  | { kind: "pdf"; pdf: Uint8Array; fileName: string; checks: number }
  | { kind: "preparing"; message: string; statusUrl?: string };

/** Seconds a client is asked to wait when the print engine's queue is full. */
const BUSY_RETRY_SECONDS = 30;

const printFailure = (error: unknown) => {
  // The same sentence the server printed at start-up: it names what to install, and holds no secret.
  if (error instanceof ChromiumMissingError) return new AppError("SERVICE_UNAVAILABLE", error.message);
  if (error instanceof PrinterBusyError) {
    return new AppError(
      "SERVICE_UNAVAILABLE",
      "Many PDFs are being made right now. Please try again in a minute.",
      undefined,
      BUSY_RETRY_SECONDS,
    );
  }
  if (error instanceof PrintAbortedError)
    return new AppError("SERVICE_UNAVAILABLE", "The PDF was cancelled.");
  return error;
};

/** One program's PDF through the print engine; `signal` stops it when the client hangs up. */
export const renderOwnedProgram = async (
  deps: PrintServiceDeps,
  user: User,
  program: Program,
  options: { variant: PdfVariant; marks: boolean; signal?: AbortSignal },
) => {
  try {
    return await renderProgramPdf(program, {
      ...options,
      watermark: needsWatermark(user, deps.now?.()),
      photos: deps.photoLoaderFor?.(user.id),
      printer: deps.printer,
    });
  } catch (error) {
    throw printFailure(error);
  }
};

export const programPdf = async (
  deps: PrintServiceDeps,
  user: User,
  programId: string,
  request: PdfRequest,
  signal?: AbortSignal,
): Promise<PdfAnswer> => {
  // Looked up first so another user's id is a 404, never a queued job.
  const program = await getProgram(deps.db, user.id, programId);
  const options = { variant: request.variant, marks: request.marks };
  // CMYK conversions stay in this process (they need its Ghostscript and its cache).
  if (deps.queued && !request.cmyk)
    return queuedProgramPdf({ ...deps, queued: deps.queued }, user, program, options);
  if (!request.cmyk) {
    const result = await deps.jobs.pdf.run(user.id, () =>
      renderOwnedProgram(deps, user, program, { ...options, signal }),
    );
    return { kind: "pdf", pdf: result.pdf, fileName: result.fileName, checks: result.checks.length };
  }
  const ghostscript = deps.ghostscriptPath ?? findGhostscript();
  if (!ghostscript) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "CMYK PDFs need Ghostscript, which is not installed on this server. The standard PDF (RGB with an ICC profile) is accepted by most printers.",
    );
  }
  const key = createHash("sha256")
    .update(JSON.stringify([user.id, program, request, needsWatermark(user, deps.now?.())]))
    .digest("hex");
  const entry = deps.cmykCache.request(key, () => {
    // Counted at once (a refusal is a 429 and no job); the conversion runs on after the answer.
    const release = deps.jobs.cmyk.start(user.id);
    const convert = async () => {
      const rgb = await renderOwnedProgram(deps, user, program, options);
      return {
        pdf: await convertPdfToCmyk(rgb.pdf, ghostscript),
        fileName: rgb.fileName.replace(/\.pdf$/, "-cmyk.pdf"),
      };
    };
    return convert().finally(release);
  });
  if (entry.state === "ready") return { kind: "pdf", pdf: entry.pdf, fileName: entry.fileName, checks: 0 };
  if (entry.state === "failed")
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "The CMYK PDF could not be made. Please try again, or download the standard PDF, which most printers accept.",
    );
  return { kind: "preparing", message: "Preparing your CMYK PDF. This takes about ten seconds." };
};
