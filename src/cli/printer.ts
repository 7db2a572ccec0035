// The CLI's door to the print engine: one warm Chromium for the whole command, the same
// renderProgramPdf the server uses. No account is involved, so no watermark.
import { ChromiumMissingError, ChromiumPrinter } from "../print/chromium-printer";
import { type PdfVariant, renderProgramPdf } from "../print/render-program-pdf";
import type { ProgramInput } from "../shared/schemas";
import { CliError } from "./cli-error";

export type PdfPrinter = {
  renderPdf: (program: ProgramInput) => Promise<{ pdf: Uint8Array; pageCount: number }>;
  close: () => Promise<void>;
};

export const openPdfPrinter = (variant: PdfVariant, concurrency = 2): PdfPrinter => {
  const printer = new ChromiumPrinter({ concurrency });
  return {
    async renderPdf(program) {
      try {
        return await renderProgramPdf(program, { variant, printer });
      } catch (error) {
        if (error instanceof ChromiumMissingError) throw new CliError(error.message);
        throw error;
      }
    },
    close: () => printer.close(),
  };
};
