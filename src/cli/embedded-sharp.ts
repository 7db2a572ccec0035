// Used only in the compiled `memorial` binary: the build replaces sharp's native-addon loader
// (sharp/dist/sharp.cjs) with a call to `loadSharpAddon`. The addon is a .node file that loads
// libvips from a path relative to itself, which cannot work from inside the executable, so the
// build embeds node_modules/@img and this copies the platform's two packages to a cache folder
// once, keeping their relative layout, and loads the addon from there.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";

/** What the build embeds: the folder under node_modules, found under the executable's root by its name. */
export const EMBEDDED_NATIVE_FOLDER = "@img";

// fs.cpSync uses copyfile(2), which cannot read the executable's virtual file system.
const copyTree = (from: string, to: string) => {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) copyTree(join(from, entry.name), join(to, entry.name));
    else writeFileSync(join(to, entry.name), readFileSync(join(from, entry.name)));
  }
};

/** @public Imported by the code scripts/build-binary.ts puts in place of sharp's loader. */
export const loadSharpAddon = (): unknown => {
  const platform = `${process.platform}-${process.arch}`;
  const packages = [`sharp-${platform}`, `sharp-libvips-${platform}`];
  const cache = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  // One folder per executable: a rebuilt binary never loads an older copy.
  const root = join(cache, "keepsake", `sharp-${Bun.hash(process.execPath + Bun.version).toString(36)}`);
  if (!existsSync(join(root, ".complete"))) {
    const staging = `${root}.tmp-${process.pid}`;
    for (const name of packages)
      copyTree(join(import.meta.dir, EMBEDDED_NATIVE_FOLDER, name), join(staging, name));
    writeFileSync(join(staging, ".complete"), "");
    rmSync(root, { recursive: true, force: true });
    renameSync(staging, root);
  }
  const lib = join(root, `sharp-${platform}`, "lib");
  const addon = readdirSync(lib).find((name) => name.endsWith(".node"));
  if (!addon) throw new Error(`The image library for ${platform} is missing from this build.`);
  return createRequire(join(root, "index.js"))(join(lib, addon));
};
