/**
 * Failures of the disk under MEMORIAL_DATA_DIR (full, read-only, not ours to write), from SQLite or
 * the file system, told apart from our own bugs: the user hears that nothing was saved and to try
 * again later, the log says what the operator must fix, and the server keeps running.
 */
const DISK_FULL = new Set(["SQLITE_FULL", "ENOSPC", "EDQUOT"]);
const READ_ONLY = new Set([
  "SQLITE_READONLY",
  "SQLITE_READONLY_DIRECTORY",
  "SQLITE_CANTOPEN",
  "EROFS",
  "EACCES",
  "EPERM",
]);

const codeOf = (error: unknown) => {
  if (typeof error !== "object" || error === null) return undefined;
  const { code } = error as { code?: unknown };
  return typeof code === "string" ? code : undefined;
};

export type StorageFailure = { kind: "full" | "read-only"; code: string };

export const storageFailure = (error: unknown): StorageFailure | undefined => {
  const code = codeOf(error);
  if (!code) return undefined;
  if (DISK_FULL.has(code)) return { kind: "full", code };
  if (READ_ONLY.has(code) || code.startsWith("SQLITE_READONLY")) return { kind: "read-only", code };
  return undefined;
};

export const STORAGE_UNAVAILABLE_MESSAGE =
  "We could not save this because the server's storage is unavailable. Nothing was changed; please try again later.";

/** The line for the operator: what is wrong with which directory. */
export const describeStorageFailure = (failure: StorageFailure, dataDir: string) =>
  failure.kind === "full"
    ? `the disk holding ${dataDir} is full (${failure.code}): free some space`
    : `${dataDir} cannot be written (${failure.code}): make it writable for this user, or set MEMORIAL_DATA_DIR to a writable directory`;
