// The program itself as data: the full JSON (re-importable) and the summary CSV (name, dates, location, officiant, theme, font, overlay).

import { formatDateInWords, formatServiceDateTime } from "../../shared/format-date";
import type { ProgramInput } from "../../shared/schemas";
import { toCsv } from "./csv";
import { type ExportFile, exportFileName } from "./export-file";

export const exportProgramJson = (program: ProgramInput): ExportFile => ({
  fileName: exportFileName(program, "program", "json"),
  mimeType: "application/json",
  content: `${JSON.stringify(program, null, 2)}\n`,
});

const PROGRAM_CSV_COLUMNS = [
  "Name",
  "Birth Date",
  "Passing Date",
  "Service Date",
  "Location",
  "Officiant",
  "Theme",
  "Font",
  "Overlay",
] as const;

/** One row per program: name, dates, location, officiant, theme, font, overlay. */
export const exportProgramsCsv = (
  programs: readonly ProgramInput[],
  fileName = "programs.csv",
): ExportFile => ({
  fileName,
  mimeType: "text/csv",
  content: toCsv(
    [...PROGRAM_CSV_COLUMNS],
    programs.map((p) => [
      p.fullName,
      formatDateInWords(p.birthDate),
      formatDateInWords(p.passingDate),
      formatServiceDateTime(p.serviceDate),
      p.location,
      p.officiant,
      p.colorTheme,
      p.fontStyle,
      p.overlayEffect,
    ]),
  ),
});

export const exportProgramCsv = (program: ProgramInput): ExportFile => ({
  ...exportProgramsCsv([program]),
  fileName: exportFileName(program, "program", "csv"),
});
