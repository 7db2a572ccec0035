import { existsSync } from "node:fs";
import { basename, join } from "node:path";

/**
 * Where the file behind a `with { type: "file" }` import is at run time. From the source tree and
 * inside the compiled binary the import is the file's own path. In the bundle `bun run build` makes,
 * whose public path is "/" (so the SPA's deep links load their chunks), it is "/name-hash.ext", and
 * the file sits beside the bundle's entry: resolve it there, never against "/" or the working folder.
 */
export const bundledFilePath = (imported: string) =>
  existsSync(imported) ? imported : join(import.meta.dir, basename(imported));
