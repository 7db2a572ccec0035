// PDF downloads: the owner's program, rendered by the shared print engine, with the free plan's
// watermark when the plan has none (Free after the trial), and CMYK prepared in the background when asked for.
import { createHash } from "node:crypto";
import type { AppDatabase } from "../../../db/client";
import { ChromiumMissingError, type ChromiumPrinter } from "../../print/chromium-printer";
import { type CmykCache, convertPdfToCmyk, findGhostscript } from "../../print/cmyk";
import type { PhotoLoader } from "../../print/photo-assets";
import { type PdfVariant, renderProgramPdf } from "../../print/render-program-pdf";
import { can } from "../../shared/entitlements";
import type { User } from "../../shared/schemas";
import { AppError } from "../errors";
import { getProgram } from "../programs/service";

export type PdfRequest = { variant: PdfVariant; marks: boolean; cmyk: boolean };

export type PrintServiceDeps = {
  db: AppDatabase;
  printer: ChromiumPrinter;
  cmykCache: CmykCache;
  /** The print masters of the owner's photos (the photos feature provides it). */
  photoLoaderFor?: (ownerId: string) => PhotoLoader;
  now?: () => Date;
};

export type PdfAnswer =
  | { kind: "pdf"; pdf: Uint8Array; fileName: string; checks: number }
  | { kind: "preparing"; message: string };

/** Accounts whose plan lacks `noWatermark` (Free after the trial) get the watermark. */
export const needsWatermark = (user: User, now = new Date()) => !can(user, "noWatermark", now);

const render = async (deps: PrintServiceDeps, user: User, programId: string, request: PdfRequest) => {
  const program = getProgram(deps.db, user.id, programId);
  try {
    return await renderProgramPdf(program, {
      variant: request.variant,
      marks: request.marks,
      watermark: needsWatermark(user, deps.now?.()),
      photos: deps.photoLoaderFor?.(user.id),
      printer: deps.printer,
    });
  } catch (error) {
    if (error instanceof ChromiumMissingError) throw new AppError("SERVICE_UNAVAILABLE", error.message);
    throw error;
  }
};

export const programPdf = async (
  deps: PrintServiceDeps,
  user: User,
  programId: string,
  request: PdfRequest,
): Promise<PdfAnswer> => {
  if (!request.cmyk) {
    const result = await render(deps, user, programId, request);
    return { kind: "pdf", pdf: result.pdf, fileName: result.fileName, checks: result.checks.length };
  }
  if (!findGhostscript()) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "CMYK PDFs need Ghostscript, which is not installed on this server. The standard PDF (RGB with an ICC profile) is accepted by most printers.",
    );
  }
  // Look the program up first so another user's id is a 404, never a queued job.
  const program = getProgram(deps.db, user.id, programId);
  const key = createHash("sha256")
    .update(JSON.stringify([user.id, program, request, needsWatermark(user, deps.now?.())]))
    .digest("hex");
  const entry = deps.cmykCache.request(key, async () => {
    const rgb = await render(deps, user, programId, request);
    return { pdf: await convertPdfToCmyk(rgb.pdf), fileName: rgb.fileName.replace(/\.pdf$/, "-cmyk.pdf") };
  });
  if (entry.state === "ready") return { kind: "pdf", pdf: entry.pdf, fileName: entry.fileName, checks: 0 };
  if (entry.state === "failed")
    throw new AppError("SERVICE_UNAVAILABLE", `The CMYK PDF could not be made: ${entry.message}`);
  return { kind: "preparing", message: "Preparing your CMYK PDF. This takes about ten seconds." };
};
