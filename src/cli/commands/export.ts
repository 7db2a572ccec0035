import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { type DataMergeTool, exportDataMergeCsv } from "../../print/exports/data-merge";
import type { ExportFile } from "../../print/exports/export-file";
import { exportPrintTemplate } from "../../print/exports/print-template";
import { exportProgramCsv, exportProgramJson } from "../../print/exports/program-data";
import type { ProgramInput } from "../../shared/schemas";
import { CliError } from "../cli-error";
import { writeNewFile } from "../output-files";
import { readProgramJson } from "../read-program";

export const EXPORT_FORMATS = ["json", "csv", "print-template", "data-merge"] as const;
type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const DATA_MERGE_TOOLS: DataMergeTool[] = ["canva", "photoshop", "illustrator", "indesign"];

const EXPORTERS: Record<ExportFormat, (program: ProgramInput, tool: DataMergeTool) => ExportFile> = {
  json: exportProgramJson,
  csv: exportProgramCsv,
  "print-template": exportPrintTemplate,
  "data-merge": exportDataMergeCsv,
};

export type ExportOptions = { format: ExportFormat; tool: DataMergeTool; out?: string; force?: boolean };

/** `memorial export`: the builder's Export tab files, written by the same export code. */
export const exportProgramFile = async (file: string, options: ExportOptions) => {
  const exported = EXPORTERS[options.format](await readProgramJson(file), options.tool);
  if (options.out === "-") {
    process.stdout.write(exported.content);
    return;
  }
  const out = resolve(options.out ?? exported.fileName);
  if (!options.force && existsSync(out)) {
    throw new CliError(`${out} already exists: choose another --out, or add --force to replace it.`);
  }
  if (options.force) await Bun.write(out, exported.content);
  else writeNewFile(out, exported.content);
  console.log(`Wrote ${out}`);
};
