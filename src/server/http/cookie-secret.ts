import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Config } from "../config";

/**
 * The secret that signs cookies: COOKIE_SECRET when given, else one generated on first start and
 * kept in the data folder, so signed cookies survive a restart without any setup.
 */
export const cookieSecret = (config: Config): string => {
  if (config.COOKIE_SECRET) return config.COOKIE_SECRET;
  const file = join(config.dataDir, "cookie-secret");
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved) return saved;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const secret = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};
