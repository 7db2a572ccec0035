import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";
import type { S3Settings } from "./photos/s3-storage";

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

/** Days an error report is kept after it was last seen (ERROR_REPORT_DAYS). */
export const DEFAULT_ERROR_REPORT_DAYS = 90;

const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  MEMORIAL_DATA_DIR: z.string().default("./data"),
  /** The public origin (https://programs.example.com); decides the Secure cookie flag and the CSRF origin. */
  PUBLIC_URL: optional.pipe(z.url().optional()),
  /**
   * Addresses of the reverse proxies in front of the app (comma-separated). Only requests from
   * them may name the client's address in X-Forwarded-For, which the sign-in limits then use.
   */
  TRUSTED_PROXY: optional.pipe(
    z
      .string()
      .optional()
      .transform((v) => (v ? v.split(",").map((a) => a.trim()) : []))
      .refine((list) => list.every((a) => isIP(a)), "must be IP addresses, separated by commas"),
  ),
  CHROMIUM_PATH: optional,
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  /** Sessions one user may have at once; a sign-in past it ends that user's oldest session. */
  SESSIONS_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  /** Writing-helper calls one user may make per minute (each may cost a model call). */
  WRITING_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Programs one account may keep, billing or not (a family makes a few; a funeral home, hundreds). */
  PROGRAMS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5000),
  /** Megabytes of program text one account may store (a long program is about 25 KB). */
  PROGRAM_STORAGE_MB: z.coerce.number().int().min(1).default(200),
  /** Batches one account may create per hour. */
  BATCHES_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** Days an error report is kept after it was last seen; the hourly maintenance deletes older ones. */
  ERROR_REPORT_DAYS: z.coerce.number().int().min(1).default(DEFAULT_ERROR_REPORT_DAYS),
  /** Signs cookies such as an anonymous visitor's chat; generated and kept in the data folder when unset. */
  COOKIE_SECRET: optional.pipe(z.string().min(16, "use at least 16 characters").optional()),
  /** Mail server for password-reset emails, e.g. smtps://user:pass@smtp.example.com:465. */
  SMTP_URL: optional.pipe(z.url().optional()),
  MAIL_FROM: z.string().default("Keepsake <no-reply@keepsake.app>"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Another Stripe API address (a local Stripe stand-in for development and tests). */
  STRIPE_API_BASE: optional.pipe(z.url().optional()),
  /** Tests and local development only: webhooks may then call http:// loopback receivers. */
  WEBHOOKS_ALLOW_LOOPBACK: z
    .enum(["", "0", "1"], { error: "WEBHOOKS_ALLOW_LOOPBACK must be 1 or 0" })
    .default("0")
    .transform((v) => v === "1"),
  /** A PostgreSQL database (postgres://user:pass@host:5432/keepsake) instead of the SQLite file. */
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
      .optional(),
  ),
  /**
   * With print workers: seconds a print job may go without its worker's heartbeat before another
   * worker takes it (the worker was killed or lost its connection). pg-boss's minimum is 10.
   */
  PRINT_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  /** Photos go to this S3-compatible bucket instead of the data folder (several servers share it). */
  S3_BUCKET: optional,
  /** The bucket's service address (MinIO, R2, …); AWS S3 when unset. */
  S3_ENDPOINT: optional.pipe(z.url().optional()),
  S3_REGION: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
});

type ParsedConfig = z.infer<typeof configSchema>;
type S3Variable = "S3_BUCKET" | "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY";

export type Config = Omit<ParsedConfig, "MEMORIAL_DATA_DIR" | S3Variable> & {
  dataDir: string;
  /** The photo bucket; absent means photos stay on the local disk. */
  s3?: S3Settings;
};

/** A bucket needs both keys; either key without a bucket is a mistake worth stopping for. */
const s3SettingsOf = (parsed: ParsedConfig): S3Settings | undefined => {
  const { S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = parsed;
  const anySet = [S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY].some(
    (v) => v !== undefined,
  );
  if (!anySet) return undefined;
  if (!S3_BUCKET) throw new Error("Invalid configuration: S3_BUCKET: set it to use the S3_* settings");
  if (!S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error(
      "Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed with S3_BUCKET",
    );
  }
  return {
    bucket: S3_BUCKET,
    endpoint: S3_ENDPOINT,
    region: S3_REGION,
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  };
};

/** Payments are taken (and plans enforced) only when the server has a Stripe secret key. */
export const isBillingEnabled = (config: Pick<Config, "STRIPE_SECRET_KEY">) =>
  config.STRIPE_SECRET_KEY !== undefined;

/** Parses the environment once; a bad value stops start-up with the variable's name. */
export const loadConfig = (env: Record<string, string | undefined> = process.env): Config => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const {
    MEMORIAL_DATA_DIR,
    S3_BUCKET,
    S3_ENDPOINT,
    S3_REGION,
    S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY,
    ...rest
  } = parsed.data;
  return { ...rest, dataDir: resolve(MEMORIAL_DATA_DIR), s3: s3SettingsOf(parsed.data) };
};
