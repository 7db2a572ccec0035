import { createLocalFileStore, type FileStore } from "./file-store";

/**
 * Where photo files live, keyed by the SHA-256 of their bytes. Content addressing makes `put`
 * idempotent and lets programs and accounts share one copy of the same file.
 */
export type PhotoStorage = {
  /** Stores the bytes under their hash; a no-op when they are already there. */
  put(hash: string, bytes: Uint8Array): Promise<void>;
  get(hash: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** Removes the file; a no-op when it is not there. */
  remove(hash: string): Promise<void>;
};

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** `photos/ab/abcdef…`: two-letter fan-out keeps directories small. */
const photoKey = (hash: string) => {
  // The key becomes a path: refuse anything but a hash so it can never leave the root.
  if (!HASH_PATTERN.test(hash)) throw new Error(`Not a SHA-256 hex digest: ${hash}`);
  return `photos/${hash.slice(0, 2)}/${hash}`;
};

/** Photos under `photos/ab/abcdef…` in a file store: the data folder or the bucket, same layout. */
export const photoStorageIn = (files: FileStore): PhotoStorage => ({
  async put(hash, bytes) {
    const key = photoKey(hash);
    // A duplicate upload costs a check instead of writing the file again.
    if (await files.holds(key, hash)) return;
    await files.put(key, bytes);
  },
  get: (hash) => files.get(photoKey(hash)),
  remove: (hash) => files.remove(photoKey(hash)),
});

/** `<dataDir>/photos/ab/abcdef…`. */
export const createLocalPhotoStorage = (dataDir: string): PhotoStorage =>
  photoStorageIn(createLocalFileStore(dataDir));
