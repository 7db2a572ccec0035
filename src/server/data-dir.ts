import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AppDatabase } from "../../db/client";
import { photos } from "../../db/schema";

/** Fails at start-up, with the file system's own error, when the data directory cannot be written. */
export const assertDataDirWritable = (dataDir: string) => {
  mkdirSync(dataDir, { recursive: true });
  const probe = join(dataDir, `.write-check-${process.pid}`);
  writeFileSync(probe, "");
  rmSync(probe, { force: true });
};

const HASH_FILE = /^[0-9a-f]{64}$/;

/**
 * After a crash (kill -9, power loss) the photo folder may hold what an interrupted upload left:
 * a `.partial` file being written, or a finished file whose database row was never inserted.
 * Removes both at start-up, before any upload can be in flight; files a row names are kept.
 */
export const sweepInterruptedPhotoFiles = async (db: AppDatabase, dataDir: string) => {
  const root = join(dataDir, "photos");
  let entries: string[];
  try {
    entries = readdirSync(root, { recursive: true }).map(String);
  } catch {
    return 0;
  }
  const referenced = new Set<string>();
  for (const row of await db
    .select({ content: photos.contentHash, screen: photos.screenHash })
    .from(photos)) {
    referenced.add(row.content);
    referenced.add(row.screen);
  }
  let removed = 0;
  for (const entry of entries) {
    const name = entry.split("/").pop() ?? "";
    const interrupted = name.endsWith(".partial") || (HASH_FILE.test(name) && !referenced.has(name));
    if (!interrupted) continue;
    rmSync(join(root, entry), { force: true });
    removed++;
  }
  return removed;
};
