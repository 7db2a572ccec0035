// `bun run build:binary`: one self-contained executable, dist/memorial, with the CLI, the server,
// the bundled SPA (HTML import, Tailwind processed here because `bun build` ignores bunfig
// plugins), the SQL migrations (embedded as assets; db/client.ts finds them beside itself) and
// sharp's native image library (see src/cli/embedded-sharp.ts).
import { resolve } from "node:path";
import tailwind from "bun-plugin-tailwind";
import { EMBEDDED_NATIVE_FOLDER } from "../src/cli/embedded-sharp";

const outfile = process.argv[2] ?? "dist/memorial";
const embeddedSharp = resolve("src/cli/embedded-sharp.ts");

const result = await Bun.build({
  // Each worker thread's script (the grammar checker, the case-file reader), embedded as
  // /$bunfs/root/<name>.js beside the CLI's code, where src/server/off-thread/worker-client.ts looks.
  entrypoints: [
    "src/cli/main.ts",
    "src/server/writing/harper-worker.ts",
    "src/server/integration/case-file-worker.ts",
  ],
  naming: { entry: "[name].[ext]" },
  target: "bun",
  // Renamed identifiers broke Elysia's handler inference in the executable (every `{ auth: true }`
  // route answered 500: the cookie jar was never parsed); whitespace and syntax are safe.
  minify: { whitespace: true, syntax: true, identifiers: false },
  // Without an absolute public path, deep links such as /program/42 load ../chunk.js and break.
  publicPath: "/",
  plugins: [
    tailwind,
    {
      name: "embedded-sharp-addon",
      setup(build) {
        // sharp ships the loader twice (ESM and CommonJS); replace whichever the bundle uses.
        build.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]sharp\.mjs$/ }, () => ({
          contents: `import { loadSharpAddon } from ${JSON.stringify(embeddedSharp)};\nexport default loadSharpAddon();`,
          loader: "js",
        }));
        build.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]sharp\.cjs$/ }, () => ({
          contents: `module.exports = require(${JSON.stringify(embeddedSharp)}).loadSharpAddon();`,
          loader: "js",
        }));
      },
    },
  ],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  compile: {
    outfile,
    assets: ["db/migrations", "db/migrations-pg", `node_modules/${EMBEDDED_NATIVE_FOLDER}`],
  },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`Built ${outfile}`);
