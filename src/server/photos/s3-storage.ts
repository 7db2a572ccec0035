import { checkedKey, type FileStore } from "./file-store";

export type S3Settings = {
  bucket: string;
  /** Another S3-compatible service (MinIO, R2, a local server); AWS when absent. */
  endpoint?: string;
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
};

const isMissingKey = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "NoSuchKey";

/**
 * Files in an S3-compatible bucket, so several web servers and print workers share one copy. An
 * object appears whole or not at all, so unlike the disk store there is no write-aside-and-rename.
 */
export const createS3FileStore = (settings: S3Settings): FileStore => {
  const client = new Bun.S3Client({
    bucket: settings.bucket,
    endpoint: settings.endpoint,
    region: settings.region,
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
  });
  return {
    description: `the S3 bucket ${settings.bucket}`,
    async put(key, bytes) {
      await client.file(checkedKey(key)).write(bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await client.file(checkedKey(key)).arrayBuffer());
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    // Whole objects only, so one HEAD request answers without sending the bytes back.
    holds: (key) => client.file(checkedKey(key)).exists(),
    async remove(key) {
      // S3 answers a delete of a missing object with success, which is the no-op the interface asks.
      await client.delete(checkedKey(key));
    },
  };
};
