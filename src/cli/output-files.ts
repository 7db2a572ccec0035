import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { uniqueFileNames } from "../shared/service-draft";
import { CliError } from "./cli-error";

/** Output names in `dir` that neither exist there nor repeat within this run. */
export const planFileNames = (dir: string, stems: string[], ext: string): string[] =>
  uniqueFileNames(stems, ext, (name) => existsSync(join(dir, name)));

/** Writes a file that must not exist yet ('wx'): a file appearing meanwhile is an error, not lost. */
export const writeNewFile = (path: string, bytes: Uint8Array | string) => {
  const fd = openSync(path, "wx");
  try {
    if (typeof bytes === "string") writeSync(fd, bytes);
    else writeSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
};

/** Reads a text file exported by a spreadsheet; a non-UTF-8 file is refused with what to do. */
export const readUtf8File = async (path: string): Promise<string> => {
  const file = Bun.file(path);
  if (!(await file.exists())) throw new CliError(`${path}: no such file`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new CliError(
      `${path}: the file is not UTF-8 text. In your spreadsheet choose "CSV UTF-8" when saving, then run again.`,
    );
  }
};
