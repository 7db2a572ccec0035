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
  CHROMIUM_PATH: optional,
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** Tests and local development only: webhooks may then call http:// loopback receivers. */
  WEBHOOKS_ALLOW_LOOPBACK: z
    .enum(["", "0", "1"], { error: "WEBHOOKS_ALLOW_LOOPBACK must be 1 or 0" })
    .default("0")
    .transform((v) => v === "1"),
});

export type Config = Omit<z.infer<typeof configSchema>, "MEMORIAL_DATA_DIR"> & { dataDir: string };

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
