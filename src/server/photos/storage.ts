import { mkdir, open, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";

/**
 * Where photo files live, keyed by the SHA-256 of their bytes. Content addressing makes `put`
 * idempotent and lets programs and accounts share one copy of the same file. Local disk by
 * default; an S3-compatible bucket (./s3-storage.ts) when the configuration names one.
 */
export type PhotoStorage = {
  /** Stores the bytes under their hash; a no-op when they are already there. */
  put(hash: string, bytes: Uint8Array): Promise<void>;
  get(hash: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Removes the file; a no-op when it is not there. */
  remove(hash: string): Promise<void>;
};

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** `ab/abcdef…`: two-letter fan-out keeps directories small. */
export const photoKeyPath = (hash: string) => {
  // The key becomes a path: refuse anything but a hash so it can never leave the root.
  if (!HASH_PATTERN.test(hash)) throw new Error(`Not a SHA-256 hex digest: ${hash}`);
  return `${hash.slice(0, 2)}/${hash}`;
};

const holds = async (path: string, hash: string) => {
  const file = Bun.file(path);
  if (!(await file.exists())) return false;
  const actual = new Bun.CryptoHasher("sha256").update(await file.arrayBuffer()).digest("hex");
  return actual === hash;
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
export const writeFileAtomically = async (path: string, bytes: Uint8Array) => {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const partial = `${path}.${crypto.randomUUID()}.partial`;
  await writeDurably(partial, bytes);
  await rename(partial, path);
  await syncDirectory(dir);
};

/** `<dataDir>/photos/ab/abcdef…`. */
export const createLocalPhotoStorage = (dataDir: string): PhotoStorage => {
  const root = join(dataDir, "photos");
  const pathOf = (hash: string) => join(root, photoKeyPath(hash));

  return {
    async put(hash, bytes) {
      const path = pathOf(hash);
      // An existing file is trusted only if its bytes still hash to its name (a crash or a full
      // disk can leave a truncated one); otherwise it is written again.
      if (await holds(path, hash)) return;
      await writeFileAtomically(path, bytes);
    },
    async get(hash) {
      const file = Bun.file(pathOf(hash));
      if (!(await file.exists())) return undefined;
      return new Uint8Array(await file.arrayBuffer());
    },
    async remove(hash) {
      await rm(pathOf(hash), { force: true });
    },
  };
};
