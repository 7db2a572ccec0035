// One-row CSV for design tools' merge features. Canva Bulk Create maps plain column headers to
// text boxes; InDesign Data Merge reads a header prefixed with "@" as an image field whose value
// is a file path, and needs a byte-order mark to read accented names as UTF-8.

import {
  formatDateInWords,
  formatLifeSpan,
  formatServiceDay,
  formatServiceTime,
} from "../../shared/format-date";
import type { ProgramInput } from "../../shared/schemas";
import { assignPhotos, orderedServiceItems, pallbearerNames } from "../booklet/plan-booklet";
import { toCsv } from "./csv";
import { type ExportFile, exportFileName } from "./export-file";

export type DataMergeTool = "canva" | "photoshop" | "illustrator" | "indesign";

/** The file a program photo is expected under, beside the CSV (e.g. "photo-1.jpg"). */
const photoFileName = (url: string, index: number) => {
  const ext = url.match(/\.(jpe?g|png|webp)(?:$|\?)/i)?.[1]?.toLowerCase() ?? "jpg";
  return `photo-${index}.${ext}`;
};

/** The header row (field names) and the one data row of a program's data merge. */
const buildDataMergeRows = (
  program: ProgramInput,
  tool: DataMergeTool,
): { header: string[]; values: string[] } => {
  const serviceItems = orderedServiceItems(program);
  const text: [string, string][] = [
    ["FullName", program.fullName],
    ["PreferredName", program.preferredName],
    ["BirthDate", formatDateInWords(program.birthDate)],
    ["PassingDate", formatDateInWords(program.passingDate)],
    ["LifeSpan", formatLifeSpan(program.birthDate, program.passingDate)],
    ["ServiceDay", formatServiceDay(program.serviceDate)],
    ["ServiceTime", formatServiceTime(program.serviceDate)],
    ["Location", program.location],
    ["Officiant", program.officiant],
    ["Scripture", program.scripture],
    ["LifeReflections", program.lifeReflections],
    ["OrderOfService", serviceItems.map((i) => (i.person ? `${i.title} – ${i.person}` : i.title)).join("\n")],
    ["Pallbearers", pallbearerNames(program.pallbearers).join("\n")],
    ["Acknowledgments", program.acknowledgments],
    [
      "Tributes",
      program.tributes
        .map((t) => `“${t.message}” — ${[t.author, t.relationship].filter(Boolean).join(", ")}`)
        .join("\n\n"),
    ],
  ];
  // Canva's CSV bulk create takes text only; Adobe's data merge (Photoshop variables, Illustrator
  // and InDesign) also places images from "@" columns.
  const { coverUrl, inside, memories, backPhoto } = assignPhotos(program);
  const images: [string, string][] =
    tool === "canva"
      ? []
      : [coverUrl, ...[...inside, ...memories, backPhoto].map((p) => p?.url ?? "")]
          .filter(Boolean)
          .map((url, i) => [
            i === 0 && coverUrl ? "@CoverPhoto" : `@Photo${i + (coverUrl ? 0 : 1)}`,
            photoFileName(url, i + 1),
          ]);
  const columns = [...text, ...images];
  return { header: columns.map(([h]) => h), values: columns.map(([, v]) => v) };
};

const dataMergeCsv = ({ header, values }: { header: string[]; values: string[] }) => toCsv(header, [values]);

export const exportDataMergeCsv = (program: ProgramInput, tool: DataMergeTool): ExportFile => ({
  fileName: exportFileName(program, `${tool}-data-merge`, "csv"),
  mimeType: "text/csv",
  content: (tool === "canva" ? "" : "\uFEFF") + dataMergeCsv(buildDataMergeRows(program, tool)),
});
