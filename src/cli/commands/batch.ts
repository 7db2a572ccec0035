import { mkdirSync } from "node:fs";
import { basename, dirname, extname, join, relative } from "node:path";
import type { PdfVariant } from "../../print/render-program-pdf";
import { BATCH_TEMPLATES } from "../../shared/constants";
import { programFileStem } from "../../shared/file-name";
import { mapWithConcurrency } from "../../shared/map-with-concurrency";
import { formatCsvProblem, parseServiceCsv } from "../../shared/service-csv";
import { findBatchTemplate, toProgramInput } from "../../shared/service-draft";
import { CliError } from "../cli-error";
import { planFileNames, readUtf8File, writeNewFile } from "../output-files";
import type { PdfPrinter } from "../printer";
import { startProgress } from "../progress";

export type BatchOptions = {
  /** Default: a folder named after the CSV, beside it (services.csv → services/). */
  out?: string;
  template?: string;
  variant: PdfVariant;
  skipInvalid?: boolean;
  concurrency: number;
};

type Output = { log: (line: string) => void; warn: (line: string) => void };
const consoleOutput: Output = { log: (l) => console.log(l), warn: (l) => console.error(l) };

/**
 * Where PDFs go without --out: funeral-home staff are told to run `memorial batch services.csv`,
 * so the folder is named after the CSV and sits beside it; a file without an extension gets
 * "-pdfs" so the folder never has the CSV's own name.
 */
const defaultOutDir = (file: string) => {
  const name = basename(file, extname(file));
  return join(dirname(file), extname(file) ? name : `${name}-pdfs`);
};

/** The folder as a person reads it in the summary: relative to where they ran the command. */
const shownDir = (dir: string) => {
  const shown = relative(process.cwd(), dir) || ".";
  return shown.startsWith("..") ? dir : `${shown}/`;
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

const resolveTemplate = (id: string | undefined) => {
  if (id === undefined) return undefined;
  const template = findBatchTemplate(id);
  if (!template) {
    const ids = BATCH_TEMPLATES.map((t) => `${t.id} (${t.name})`).join(", ");
    throw new CliError(`--template: there is no template "${id}". Choose one of: ${ids}.`);
  }
  return template;
};

/**
 * `memorial batch`: every row is validated before the first PDF is rendered; then one warm
 * printer renders the rows with bounded concurrency, one new file per row.
 */
export const runBatch = async (
  file: string,
  options: BatchOptions,
  openPrinter: (variant: PdfVariant, concurrency: number) => PdfPrinter,
  output: Output = consoleOutput,
) => {
  const template = resolveTemplate(options.template);
  const { rows, problems } = parseServiceCsv(await readUtf8File(file), { template });

  if (problems.length > 0) {
    output.warn(`${file}: ${plural(problems.length, "problem")} found:`);
    for (const problem of problems) output.warn(`  ${formatCsvProblem(problem)}`);
    if (!options.skipInvalid || rows.length === 0) {
      throw new CliError(
        rows.length === 0
          ? "No PDFs were written: no row is ready to print."
          : "No PDFs were written. Fix the lines above and run again, or add --skip-invalid to print the valid rows only.",
      );
    }
  }

  const out = options.out ?? defaultOutDir(file);
  const suffix = options.variant === "print" ? "" : `-${options.variant}`;
  const stems = rows.map((row) => `${programFileStem(row.draft)}${suffix}`);
  mkdirSync(out, { recursive: true });
  const names = planFileNames(out, stems, ".pdf");

  const started = performance.now();
  const printer = openPrinter(options.variant, options.concurrency);
  const progress = startProgress(rows.length);
  const failures: string[] = [];
  try {
    // Twice the printer's concurrency in flight: while Chromium prints, finished pages are
    // post-processed and written, so the browser never waits for pdf-lib or the disk.
    await mapWithConcurrency(rows, options.concurrency * 2, async (row, i) => {
      const name = names[i] as string;
      try {
        const { pdf } = await printer.renderPdf(toProgramInput(row.draft));
        writeNewFile(join(out, name), pdf);
        progress.tick(name);
      } catch (error) {
        failures.push(
          `line ${row.line}: ${row.draft.fullName}: ${error instanceof Error ? error.message : error}`,
        );
        progress.tick(`failed: line ${row.line}`);
      }
    });
  } finally {
    progress.done();
    await printer.close();
  }

  const seconds = (performance.now() - started) / 1000;
  const written = rows.length - failures.length;
  output.log(
    `Wrote ${plural(written, "PDF")} to ${options.out ?? shownDir(out)} in ${seconds.toFixed(1)} s (${(written / seconds).toFixed(1)} per second).`,
  );
  const renamed = names.filter((name, i) => name !== `${stems[i]}.pdf`);
  if (renamed.length > 0) {
    output.log(`These names were already taken, so they got a number: ${renamed.join(", ")}`);
  }
  const skippedLines = [...new Set(problems.map((p) => p.line))];
  if (skippedLines.length > 0) {
    output.log(
      `Skipped ${plural(skippedLines.length, "row")} with problems (line ${skippedLines.join(", ")}).`,
    );
  }
  if (failures.length > 0) {
    for (const failure of failures) output.warn(`  ${failure}`);
    throw new CliError(`${plural(failures.length, "PDF")} could not be rendered (see above).`);
  }
};
