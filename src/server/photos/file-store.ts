import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { Config } from "../config";
import { isMissingKey, type S3Settings, s3ClientFor } from "./s3-storage";
import { writeFileAtomically } from "./storage";

/**
 * Files kept under a name of our choosing (`prints/<job id>.pdf`), where every web server and
 * print worker finds them: the photo bucket when there is one, else the data folder. Unlike
 * PhotoStorage the key is not the content's hash, so a put replaces what was there.
 */
export type FileStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Uint8Array<ArrayBuffer> | undefined>;
  /** A no-op when the file is not there. */
  remove(key: string): Promise<void>;
  /** Where the files go, for log lines (never a secret). */
  readonly description: string;
};

// Folders and names of letters, digits, dashes, dots and underscores: a key can never leave the root.
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/i;

const checkedKey = (key: string) => {
  if (!KEY_PATTERN.test(key) || key.includes("..")) throw new Error(`Not a file store key: ${key}`);
  return key;
};

/** `<dataDir>/<key>`, written aside and renamed so a reader never sees half a file. */
export const createLocalFileStore = (dataDir: string): FileStore => {
  const pathOf = (key: string) => join(dataDir, checkedKey(key));
  return {
    description: dataDir,
    put: (key, bytes) => writeFileAtomically(pathOf(key), bytes),
    async get(key) {
      const file = Bun.file(pathOf(key));
      if (!(await file.exists())) return undefined;
      return new Uint8Array(await file.arrayBuffer());
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
};

export const createS3FileStore = (settings: S3Settings): FileStore => {
  const client = s3ClientFor(settings);
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
    async remove(key) {
      await client.delete(checkedKey(key));
    },
  };
};

/** The photo bucket when S3_BUCKET is set, else the data folder, as for photos. */
export const fileStoreFor = (config: Pick<Config, "s3" | "dataDir">): FileStore =>
  config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(config.dataDir);
