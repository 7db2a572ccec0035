import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type PdfVariant, pdfFileName } from "../../print/render-program-pdf";
import { CliError } from "../cli-error";
import { writeNewFile } from "../output-files";
import type { PdfPrinter } from "../printer";
import { readProgramJson } from "../read-program";

export type PdfOptions = { variant: PdfVariant; out?: string; force?: boolean };

/** `memorial pdf`: one program JSON to one PDF. */
export const renderProgramFile = async (
  file: string,
  options: PdfOptions,
  openPrinter: (variant: PdfVariant) => PdfPrinter,
) => {
  const program = await readProgramJson(file);
  const out = resolve(options.out ?? pdfFileName(program.fullName, options.variant));
  if (!options.force && existsSync(out)) {
    throw new CliError(`${out} already exists: choose another --out, or add --force to replace it.`);
  }
  const printer = openPrinter(options.variant);
  try {
    const { pdf, pageCount } = await printer.renderPdf(program);
    if (options.force) await Bun.write(out, pdf);
    else writeNewFile(out, pdf);
    console.log(`Wrote ${out} (${pageCount}-page booklet, ${options.variant}).`);
  } finally {
    await printer.close();
  }
};
