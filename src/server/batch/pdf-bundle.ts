import { zipSync } from "fflate";
import { PDFDocument } from "pdf-lib";

export type NamedPdf = { name: string; bytes: Uint8Array };

/** One ZIP of the PDFs. They are compressed already, so they are stored, not deflated again. */
export const zipPdfs = (files: NamedPdf[]): Uint8Array =>
  zipSync(Object.fromEntries(files.map((f) => [f.name, [f.bytes, { level: 0 }]])));

/** One PDF with every program's pages in order, for a print shop that wants a single file. */
export const combinePdfs = async (files: NamedPdf[]): Promise<Uint8Array> => {
  const combined = await PDFDocument.create();
  for (const file of files) {
    const source = await PDFDocument.load(file.bytes);
    const pages = await combined.copyPages(source, source.getPageIndices());
    for (const page of pages) combined.addPage(page);
  }
  return combined.save();
};
