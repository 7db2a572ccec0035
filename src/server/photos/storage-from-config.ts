import type { Config } from "../config";
import { createS3PhotoStorage } from "./s3-storage";
import { createLocalPhotoStorage, type PhotoStorage } from "./storage";

/** The bucket when S3_BUCKET is set (several servers share it), else the data folder's disk. */
export const photoStorageFor = (config: Config): PhotoStorage =>
  config.s3 ? createS3PhotoStorage(config.s3) : createLocalPhotoStorage(config.dataDir);
