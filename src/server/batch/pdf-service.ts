// Every PDF of a batch in one download: a ZIP, or one combined PDF for a print shop. Each program
// goes through the same path as its own PDF download (ownership, watermark rule, print engine).
import type { PdfVariant } from "../../print/render-program-pdf";
import { programFileStem } from "../../shared/file-name";
import { mapWithConcurrency } from "../../shared/map-with-concurrency";
import type { User } from "../../shared/schemas";
import { uniqueFileNames } from "../../shared/service-draft";
import { type PrintServiceDeps, programPdf } from "../print/service";
import { getProgram } from "../programs/service";
import { combinePdfs, zipPdfs } from "./pdf-bundle";

export type BatchPdfRequest = { ids: string[]; variant: PdfVariant; combine: boolean };
export type BatchPdfAnswer = { body: Uint8Array; contentType: string; fileName: string };

export const batchPdfs = async (
  deps: PrintServiceDeps,
  user: User,
  { ids, variant, combine }: BatchPdfRequest,
): Promise<BatchPdfAnswer> => {
  // Every id is checked before anything is rendered: another user's id is a 404 at once.
  const programs = ids.map((id) => getProgram(deps.db, user.id, id));
  // Twice the printer's concurrency in flight, so post-processing overlaps the next print.
  const pdfs = await mapWithConcurrency(programs, deps.printer.concurrency * 2, async (program) => {
    const answer = await programPdf(deps, user, program.id, { variant, marks: false, cmyk: false });
    if (answer.kind !== "pdf") throw new Error("A plain PDF was expected");
    return answer.pdf;
  });
  const suffix = variant === "print" ? "" : `-${variant}`;
  const names = uniqueFileNames(
    programs.map((p) => `${programFileStem(p)}${suffix}`),
    ".pdf",
  );
  const files = names.map((name, i) => ({ name, bytes: pdfs[i] as Uint8Array }));
  const day = new Date().toISOString().slice(0, 10);
  return combine
    ? {
        body: await combinePdfs(files),
        contentType: "application/pdf",
        fileName: `memorial-programs-${day}${suffix}.pdf`,
      }
    : {
        body: zipPdfs(files),
        contentType: "application/zip",
        fileName: `memorial-programs-${day}${suffix}.zip`,
      };
};
