#!/usr/bin/env bun
// `memorial`: the funeral-home command line. Every command calls the same domain, validation and
// print code as the server, in this process: no server needs to run and nothing goes over HTTP.
import { Command, InvalidArgumentError, Option } from "commander";
import { PDF_VARIANTS } from "../print/render-program-pdf";
import { BATCH_TEMPLATES } from "../shared/constants";
import { CliError } from "./cli-error";
import { runBatch } from "./commands/batch";
import { migrateDatabase } from "./commands/db-migrate";
import { DATA_MERGE_TOOLS, EXPORT_FORMATS, exportProgramFile } from "./commands/export";
import { renderProgramFile } from "./commands/pdf";
import { showErrorReports } from "./commands/reports";
import { serveApp } from "./commands/serve";
import { setUpStripe } from "./commands/stripe-setup";
import { runWorker } from "./commands/worker";
import { openPdfPrinter } from "./printer";

const DEFAULT_CONCURRENCY = 2;

const positiveInt = (max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new InvalidArgumentError(`use a whole number from 1 to ${max}.`);
  return n;
};

const variantOption = () =>
  new Option("--variant <variant>", "PDF layout: print (with bleed), pages, booklet-letter, booklet-tabloid")
    .choices(PDF_VARIANTS)
    .default("print");

export const buildProgram = () => {
  const program = new Command("memorial")
    .description("Keepsake memorial programs from the command line: batch PDFs, exports and the web app.")
    .version(process.env.npm_package_version ?? "0.1.0")
    .showHelpAfterError()
    .addHelpText(
      "after",
      `
Examples:
  $ memorial batch services.csv
  $ memorial batch services.csv --out programs/
  $ memorial batch services.csv --out programs/ --template traditional --variant booklet-letter
  $ memorial batch services.csv --out programs/ --skip-invalid
  $ memorial pdf eleanor.json --out eleanor.pdf --variant booklet-letter
  $ memorial export eleanor.json --format data-merge --tool indesign
  $ memorial serve --port 8080
  $ memorial db migrate
  $ memorial worker --concurrency 2
  $ memorial stripe setup
  $ memorial reports --limit 20

Data lives in MEMORIAL_DATA_DIR (default ./data). Chromium is found automatically or via CHROMIUM_PATH.`,
    );

  program
    .command("batch")
    .description("Render one PDF program per row of a CSV file of services")
    .argument("<file.csv>", "spreadsheet saved as CSV (UTF-8); columns named like the service fields")
    .option(
      "-o, --out <dir>",
      "folder for the PDFs, created if missing (default: a folder named after the CSV, beside it: services.csv → services/)",
    )
    .option(
      "-t, --template <id>",
      `fill blank look and scripture cells from a template: ${BATCH_TEMPLATES.map((t) => t.id).join(", ")}`,
    )
    .addOption(variantOption())
    .option("--skip-invalid", "print the valid rows and report the others instead of stopping")
    .option("-c, --concurrency <n>", "PDFs rendered at once", positiveInt(8), DEFAULT_CONCURRENCY)
    .addHelpText(
      "after",
      `
Columns (any order, only fullName is required):
  fullName, preferredName, birthDate, passingDate, serviceDate, location, officiant,
  lifeReflections, scripture, colorTheme, fontStyle, pageLayout, overlayEffect
Dates are 1931-04-12; serviceDate is 2025-03-14T11:00 (or 2025-03-14 11:00).
Every row is checked first: a problem is reported as "line N: field: message" and nothing is written.
Files are named like eleanor-whitfield-2025-03-14.pdf; an existing file is never overwritten.

Example:
  $ memorial batch week-12.csv --out ~/programs/week-12 --template elegant`,
    )
    .action((file: string, options) => runBatch(file, options, openPdfPrinter));

  program
    .command("pdf")
    .description("Render one program saved as JSON (the builder's JSON export) to a PDF")
    .argument("<program.json>", "the program")
    .addOption(variantOption())
    .option("-o, --out <file>", "where to write the PDF (default: Firstname-Lastname-program.pdf here)")
    .option("--force", "replace the output file if it exists")
    .action((file: string, options) => renderProgramFile(file, options, openPdfPrinter));

  program
    .command("export")
    .description("Write the builder's export files for a program saved as JSON")
    .argument("<program.json>", "the program")
    .addOption(
      new Option("-f, --format <format>", "what to export").choices(EXPORT_FORMATS).makeOptionMandatory(),
    )
    .addOption(
      new Option("--tool <tool>", "design tool for --format data-merge")
        .choices(DATA_MERGE_TOOLS)
        .default("indesign"),
    )
    .option("-o, --out <file>", "where to write it; - for standard output (default: a name from the program)")
    .option("--force", "replace the output file if it exists")
    .action((file: string, options) => exportProgramFile(file, options));

  program
    .command("serve")
    .description("Serve the Keepsake web app and API")
    .option("-p, --port <port>", "port to listen on (default PORT or 3000)")
    .option("--host <host>", "address to listen on (default HOST or 0.0.0.0)")
    .action(serveApp);

  program
    .command("worker")
    .description("Print the PDFs that web servers on PostgreSQL (DATABASE_URL) queue, until stopped")
    .option("-c, --concurrency <n>", "PDFs printed at once", positiveInt(8), DEFAULT_CONCURRENCY)
    .action((options) => runWorker(options));

  program
    .command("db")
    .description("Database tasks")
    .command("migrate")
    .description("Create or upgrade the database in MEMORIAL_DATA_DIR")
    .action(() => migrateDatabase());

  program
    .command("stripe")
    .description("Payments")
    .command("setup")
    .description("Create the plans' products and prices in Stripe (STRIPE_SECRET_KEY); safe to run again")
    .action(() => setUpStripe());

  program
    .command("reports")
    .description("List the newest automatic error reports from the web app (secrets already removed)")
    .option("-n, --limit <n>", "how many reports", positiveInt(1000), 50)
    .option("--stack", "also print each report's stack trace")
    .option("--json", "print the reports as JSON")
    .action((options) => showErrorReports(options));

  return program;
};

if (import.meta.main) {
  try {
    await buildProgram().parseAsync(process.argv);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`memorial: ${error.message}`);
    process.exit(error.exitCode);
  }
}
