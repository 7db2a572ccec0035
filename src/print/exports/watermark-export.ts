// The free plan's watermark on export files, added so each file still works where it goes:
// a field in JSON, a column in CSV (design tools simply leave it unmapped), a line in text.
import { parse } from "csv-parse/browser/esm/sync";
import { toCsv } from "./csv";
import type { ExportFile } from "./export-file";

export const watermarkExport = (file: ExportFile, watermark: string): ExportFile => {
  if (file.mimeType === "application/json") {
    const data = JSON.parse(file.content) as unknown;
    if (data === null || typeof data !== "object" || Array.isArray(data)) return file;
    return { ...file, content: `${JSON.stringify({ watermark, ...data }, null, 2)}\n` };
  }
  if (file.mimeType === "text/csv") {
    const rows = parse(file.content, { bom: true, relax_column_count: true }) as string[][];
    const [header, ...records] = rows;
    if (!header) return file;
    // A byte-order mark (InDesign's data merge needs it) stays in front.
    const bom = file.content.startsWith("\uFEFF") ? "\uFEFF" : "";
    const rowsOut = records.map((r) => [...r, watermark]);
    return { ...file, content: bom + toCsv([...header, "Watermark"], rowsOut) };
  }
  return { ...file, content: `${file.content.trimEnd()}\n\n${watermark}\n` };
};
