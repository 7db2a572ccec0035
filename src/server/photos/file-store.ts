import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Files under keys like `photos/ab/abcdef…` or `prints/<job id>.pdf`, where every web server and
 * print worker finds them: an S3-compatible bucket (./s3-storage.ts) when the configuration names
 * one, else the data folder. Photos (./storage.ts) and the print workers' PDFs share it.
 */
export type FileStore = {
  /** Stores the bytes under `key`, replacing what was there; readers never see half a file. */
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /**
   * Whether `key` is there, whole, for a key named after its bytes' SHA-256 hex digest: a disk
   * checks the bytes against it; a bucket's objects appear whole or not at all, so being there suffices.
   */
  holds(key: string, sha256: string): Promise<boolean>;
  /** A no-op when the file is not there. */
  remove(key: string): Promise<void>;
  /** Where the files go, for log lines (never a secret). */
  readonly description: string;
};

// Folders and names of letters, digits, dashes, dots and underscores: a key can never leave the root.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/i;

export const checkedKey = (key: string) => {
  if (!KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`Not a file store key: ${key}`);
  return key;
};

const writeDurably = async (path: string, bytes: Uint8Array) => {
  const handle = await open(path, "w");
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const syncDirectory = async (dir: string) => {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

/**
 * Write aside, flush to disk, rename, flush the directory: a reader never sees half a file, and
 * after a power cut the file is either there whole or not at all.
 */
const writeFileAtomically = async (path: string, bytes: Uint8Array) => {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const partial = `${path}.${crypto.randomUUID()}.partial`;
  await writeDurably(partial, bytes);
  await rename(partial, path);
  await syncDirectory(dir);
};

/** `<dataDir>/<key>`. */
export const createLocalFileStore = (dataDir: string): FileStore => {
  const pathOf = (key: string) => join(dataDir, checkedKey(key));
  const get = async (key: string) => {
    const file = Bun.file(pathOf(key));
    if (!(await file.exists())) return undefined;
    return new Uint8Array(await file.arrayBuffer());
  };
  return {
    description: dataDir,
    put: (key, bytes) => writeFileAtomically(pathOf(key), bytes),
    get,
    async holds(key, sha256) {
      // The bytes are checked, not only the name: a crash or a full disk before atomic writes, or
      // a hand-made copy, can leave a truncated file.
      const bytes = await get(key);
      return bytes !== undefined && new Bun.CryptoHasher("sha256").update(bytes).digest("hex") === sha256;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
};
