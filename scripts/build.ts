// Bundles the server with the SPA it serves (HTML import) into dist/app. The `bun build` CLI
// ignores bunfig plugins, so Tailwind is only processed through this script.
import { cpSync, rmSync } from "node:fs";
import tailwind from "bun-plugin-tailwind";

rmSync("dist/app", { recursive: true, force: true });
const result = await Bun.build({
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
  // Without an absolute public path, deep links such as /program/42 load ../chunk.js and break.
  publicPath: "/",
  plugins: [tailwind],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
// The bundle resolves migrations beside itself (db/client.ts uses import.meta.dir).
cpSync("db/migrations", "dist/app/migrations", { recursive: true });
cpSync("db/migrations-pg", "dist/app/migrations-pg", { recursive: true });
console.log(`Built ${result.outputs.length} files into dist/app`);
