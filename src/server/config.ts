import { isIP } from "node:net";
import { resolve } from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

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
  /** Writing-helper calls one user may make per minute (each may cost a model call). */
  WRITING_CALLS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
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
});

export type Config = Omit<z.infer<typeof configSchema>, "MEMORIAL_DATA_DIR"> & { dataDir: string };

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
  const { MEMORIAL_DATA_DIR, ...rest } = parsed.data;
  return { ...rest, dataDir: resolve(MEMORIAL_DATA_DIR) };
};
