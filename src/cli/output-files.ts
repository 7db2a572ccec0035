import { closeSync, existsSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { CliError } from "./cli-error";

/**
 * Picks `stem.ext`, else `stem-2.ext`, `stem-3.ext`…: never a name already on disk or already
 * taken earlier in the same run, so two services for the same person never overwrite each other.
 */
export const planFileNames = (dir: string, stems: string[], ext: string): string[] => {
  const taken = new Set<string>();
  return stems.map((stem) => {
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? `${stem}${ext}` : `${stem}-${n}${ext}`;
      if (!taken.has(name) && !existsSync(join(dir, name))) {
        taken.add(name);
        return name;
      }
    }
  });
};

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
