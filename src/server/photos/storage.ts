import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * Where photo files live, keyed by the SHA-256 of their bytes. Content addressing makes `put`
 * idempotent and lets programs and accounts share one copy of the same file. Local disk now;
 * an S3-compatible bucket can implement the same three calls.
 */
export type PhotoStorage = {
  /** Stores the bytes under their hash; a no-op when they are already there. */
  put(hash: string, bytes: Uint8Array): Promise<void>;
  get(hash: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Removes the file; a no-op when it is not there. */
  remove(hash: string): Promise<void>;
};

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** `<dataDir>/photos/ab/abcdef…`: two-letter fan-out keeps directories small. */
export const createLocalPhotoStorage = (dataDir: string): PhotoStorage => {
  const root = join(dataDir, "photos");
  const pathOf = (hash: string) => {
    // The key becomes a path: refuse anything but a hash so it can never leave the root.
    if (!HASH_PATTERN.test(hash)) throw new Error(`Not a SHA-256 hex digest: ${hash}`);
    return join(root, hash.slice(0, 2), hash);
  };

  return {
    async put(hash, bytes) {
      const path = pathOf(hash);
      if (await stat(path).catch(() => undefined)) return;
      await mkdir(join(root, hash.slice(0, 2)), { recursive: true });
      // Write aside and rename: a reader never sees half a photo, even after a crash.
      const partial = `${path}.${crypto.randomUUID()}.partial`;
      await Bun.write(partial, bytes);
      await rename(partial, path);
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
