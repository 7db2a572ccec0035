import { rmSync } from "node:fs";
import S3rver from "s3rver";
import { makeTempDir } from "./test-app";

// s3rver accepts any key pair that it was configured with; these are its defaults.
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

/** A real S3-protocol server (s3rver) on a free loopback port, with one empty bucket. */
export const startLocalS3 = async (bucket = "keepsake-test") => {
  const directory = makeTempDir("keepsake-s3-");
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
  };
  return {
    /** The S3_* settings that point the app at this server. */
    env,
    /** A client of its own, to look into the bucket as an operator would. */
    client: new Bun.S3Client({
      bucket,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
    }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
};
