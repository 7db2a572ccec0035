// One export ready to save: its name, type and text. The builder turns it into a download and
// the CLI writes it to disk.
import { nameStem } from "../../shared/file-name";
import type { ProgramInput } from "../../shared/schemas";

export type ExportFile = { fileName: string; mimeType: string; content: string };

export const exportFileName = (program: Pick<ProgramInput, "fullName">, suffix: string, extension: string) =>
  `${nameStem(program.fullName)}-${suffix}.${extension}`;
