// `bun run build:binary`: one self-contained executable, dist/memorial, with the CLI, the server,
// the bundled SPA (HTML import, Tailwind processed here because `bun build` ignores bunfig
// plugins) and the SQL migrations (embedded as assets; db/client.ts finds them beside itself).
import tailwind from "bun-plugin-tailwind";

const outfile = process.argv[2] ?? "dist/memorial";
const result = await Bun.build({
  entrypoints: ["src/cli/main.ts"],
  target: "bun",
  minify: true,
  // Without an absolute public path, deep links such as /program/42 load ../chunk.js and break.
  publicPath: "/",
  plugins: [tailwind],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  compile: { outfile, assets: ["db/migrations"] },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
console.log(`Built ${outfile}`);
