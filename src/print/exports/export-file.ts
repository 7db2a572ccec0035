// One export ready to save: its name, type and text. The builder turns it into a download and
// the CLI writes it to disk.
import type { ProgramInput } from "../../shared/schemas";

export type ExportFile = { fileName: string; mimeType: string; content: string };

/** "Eleanor Grace Whitfield" → "Eleanor-Whitfield"; accents dropped so every system accepts it. */
export const nameStem = (fullName: string) => {
  const words = fullName
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ł/g, "l")
    .replace(/Ł/g, "L")
    .replace(/[^A-Za-z0-9 -]/g, "")
    .split(/[\s-]+/)
    .filter(Boolean);
  return words.length > 1 ? `${words[0]}-${words[words.length - 1]}` : (words[0] ?? "memorial");
};

export const exportFileName = (program: Pick<ProgramInput, "fullName">, suffix: string, extension: string) =>
  `${nameStem(program.fullName)}-${suffix}.${extension}`;
