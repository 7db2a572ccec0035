import { Zip, ZipPassThrough } from "fflate";
import { PDFDocument } from "pdf-lib";

export type NamedPdf = { name: string; bytes: Uint8Array };

/**
 * A ZIP streamed as the PDFs arrive, so a batch never holds every PDF in memory. They are
 * compressed already, so they are stored, not deflated again. Cancelling the stream (the client
 * hung up) calls `onCancel`.
 */
export const zipPdfStream = (
  files: AsyncIterator<NamedPdf>,
  onCancel: () => void,
): ReadableStream<Uint8Array> => {
  let zip: Zip;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, final) => {
        if (error) return controller.error(error);
        controller.enqueue(chunk);
        if (final) controller.close();
      });
    },
    async pull(controller) {
      try {
        const next = await files.next();
        if (next.done) return zip.end();
        const entry = new ZipPassThrough(next.value.name);
        zip.add(entry);
        entry.push(next.value.bytes, true);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      onCancel();
    },
  });
};

/** One PDF with every program's pages in order, for a print shop that wants a single file. */
export const combinePdfs = async (files: AsyncIterable<NamedPdf>): Promise<Uint8Array> => {
  const combined = await PDFDocument.create();
  // Each program's bytes are dropped once its pages are copied in.
  for await (const file of files) {
    const source = await PDFDocument.load(file.bytes);
    const pages = await combined.copyPages(source, source.getPageIndices());
    for (const page of pages) combined.addPage(page);
  }
  return combined.save();
};
