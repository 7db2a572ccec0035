import type { Config } from "../config";
import { createLocalFileStore, type FileStore } from "./file-store";
import { createS3FileStore } from "./s3-storage";
import { type PhotoStorage, photoStorageIn } from "./storage";

/** The bucket when S3_BUCKET is set (several servers and workers share it), else the data folder. */
export const fileStoreFor = (config: Pick<Config, "s3" | "dataDir">): FileStore =>
  config.s3 ? createS3FileStore(config.s3) : createLocalFileStore(config.dataDir);

export const photoStorageFor = (config: Pick<Config, "s3" | "dataDir">): PhotoStorage =>
  photoStorageIn(fileStoreFor(config));
