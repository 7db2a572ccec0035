import type { PhotoStorage } from "./storage";
import { photoKeyPath } from "./storage";

export type S3Settings = {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, a local server); AWS when absent. */
  endpoint?: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export const isMissingKey = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "NoSuchKey";

/** The bucket's client; photos and the kept PDFs share it. */
export const s3ClientFor = (settings: S3Settings) =>
  new Bun.S3Client({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  });

/**
 * Photos in an S3-compatible bucket under `photos/ab/abcdef…`, the same layout as on disk, so
 * several web servers and print workers share one copy. An object appears whole or not at all,
 * so unlike the disk store there is no write-aside-and-rename.
 */
export const createS3PhotoStorage = (settings: S3Settings): PhotoStorage => {
  const client = s3ClientFor(settings);
  const keyOf = (hash: string) => `photos/${photoKeyPath(hash)}`;

  return {
    async put(hash, bytes) {
      // The key is the content's hash: an object already there holds these bytes, so a duplicate
      // upload costs one HEAD request instead of sending the file again.
      const file = client.file(keyOf(hash));
      if (await file.exists()) return;
      await file.write(bytes);
    },
    async get(hash) {
      try {
        return new Uint8Array(await client.file(keyOf(hash)).arrayBuffer());
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    async remove(hash) {
      // S3 answers a delete of a missing object with success, which is the no-op the interface asks.
      await client.delete(keyOf(hash));
    },
  };
};
