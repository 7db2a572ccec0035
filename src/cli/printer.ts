// Connects the CLI to the print engine (issue 4). Until the engine lands this is the only seam.
import { CliError } from "./cli-error";
import type { PdfPrinter } from "./commands/batch";

export const PDF_VARIANTS = ["print", "pages", "booklet-letter", "booklet-tabloid"] as const;

export const openPdfPrinter = async (_variant: string): Promise<PdfPrinter> => {
  throw new CliError("The print engine is not part of this build yet.");
};
