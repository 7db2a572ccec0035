// A print worker's work: take a task from the queue, print the program with this process's warm
// Chromium (the same render path as the web server's own PDFs), keep the PDF in the file store
// under the task's id, and let the queue mark the task done.
import type { ChromiumPrinter } from "../../print/chromium-printer";
import type { PhotoLoader } from "../../print/photo-assets";
import { renderProgramPdf } from "../../print/render-program-pdf";
import type { FileStore } from "../photos/file-store";
import { type PrintQueue, printedPdfKey } from "./print-queue";

export type PrintWorkerDeps = {
  queue: PrintQueue;
  printer: ChromiumPrinter;
  files: FileStore;
  /** The print masters of the owner's photos. */
  photoLoaderFor: (ownerId: string) => PhotoLoader;
  /** Tasks printed at once; the printer's concurrency. */
  concurrency: number;
};

export const startPrintWorker = async ({
  queue,
  printer,
  files,
  photoLoaderFor,
  concurrency,
}: PrintWorkerDeps) => {
  await queue.workRemovals((key) => files.remove(key));
  await queue.work(concurrency, async (task, taskId, signal) => {
    const rendered = await renderProgramPdf(task.program, {
      variant: task.variant,
      marks: task.marks,
      watermark: task.watermark,
      photos: photoLoaderFor(task.ownerId),
      printer,
      signal,
    });
    // Keyed by the task, so a retried task replaces its own file and a batch holds each PDF once.
    const key = printedPdfKey(taskId);
    await files.put(key, rendered.pdf);
    await queue.removeLater(key);
    return { pages: rendered.pageCount, checks: rendered.checks.length };
  });
};
