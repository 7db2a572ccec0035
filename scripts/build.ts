// `bun run build`: the web app and the server that serves it, into dist/app. The `bun build` CLI
// ignores bunfig plugins, so Tailwind is only processed through this script.
//
// The web app is built on its own, for the browser: split into a chunk per screen (a first visit
// loads only its page), fully minified, and precompressed. The server is built without it: its
// HTML import of the app (which the source tree and the compiled binary serve) becomes an empty
// module, and the built server serves dist/app/public instead (see src/server/http/web-app.ts).
import { cpSync, rmSync } from "node:fs";
import tailwind from "bun-plugin-tailwind";
import { BUILT_WEB_DIR, precompressBundle } from "../src/server/http/web-app";

const production = { "process.env.NODE_ENV": JSON.stringify("production") };
const fail = (result: Bun.BuildOutput) => {
  for (const log of result.logs) console.error(log);
  process.exit(1);
};

rmSync("dist/app", { recursive: true, force: true });
const web = await Bun.build({
  entrypoints: ["src/web/index.html"],
  outdir: `dist/app/${BUILT_WEB_DIR}`,
  target: "browser",
  splitting: true,
  minify: true,
  // Without an absolute public path, deep links such as /program/42 load ../chunk.js and break.
  publicPath: "/",
  plugins: [tailwind],
  define: production,
});
if (!web.success) fail(web);

const server = await Bun.build({
  // Each worker thread's script is its own entry point (a Worker loads a script file at run time):
  // the grammar checker and the case-file reader (src/server/off-thread/worker-client.ts).
  entrypoints: [
    "src/server/main.ts",
    "src/server/writing/harper-worker.ts",
    "src/server/integration/case-file-worker.ts",
  ],
  outdir: "dist/app",
  // main.js and the workers' scripts side by side, where src/server/off-thread/worker-client.ts looks.
  naming: { entry: "[name].[ext]" },
  target: "bun",
  // Renaming identifiers breaks Elysia's compiled handlers (the auth macro then answers 500):
  // keep names, drop whitespace and simplify syntax only.
  minify: { whitespace: true, syntax: true, identifiers: false },
  plugins: [
    {
      name: "web-app-built-apart",
      setup(build) {
        build.onLoad({ filter: /[\\/]src[\\/]web[\\/]index\.html$/ }, () => ({
          contents: "export default undefined;",
          loader: "js",
        }));
      },
    },
  ],
  define: { ...production, "process.env.KEEPSAKE_BUILT_WEB_APP": JSON.stringify("1") },
});
if (!server.success) fail(server);
// The bundle resolves migrations beside itself (db/client.ts uses import.meta.dir).
cpSync("db/migrations", "dist/app/migrations", { recursive: true });
cpSync("db/migrations-pg", "dist/app/migrations-pg", { recursive: true });
// Brotli's best takes seconds per chunk: done once here rather than by the server at run time.
const precompressed = await precompressBundle(`dist/app/${BUILT_WEB_DIR}`);
console.log(
  `Built ${web.outputs.length} web files (${precompressed} precompressed) and ${server.outputs.length} server files into dist/app`,
);
