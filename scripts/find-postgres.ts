// Locates PostgreSQL's server programs (initdb, pg_ctl): on PATH, else where Debian's
// `postgresql` package keeps them (/usr/lib/postgresql/<version>/bin, not on PATH). Built-ins only.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

const DEBIAN_ROOT = "/usr/lib/postgresql";

export const findPostgresTool = (name: "initdb" | "pg_ctl"): string | undefined => {
  const onPath = Bun.which(name);
  if (onPath) return onPath;
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  // The newest installed version first.
  const versions = readdirSync(DEBIAN_ROOT).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(DEBIAN_ROOT, v, "bin", name)).find((path) => existsSync(path));
};
