// `bun run start`: install, build the web app, migrate the database and serve.
import { resolve } from "node:path";
import { ensureDependencies, ensurePrintEngine, run } from "./setup";

ensureDependencies();
ensurePrintEngine();
run(["bun", "scripts/build.ts"]);
// Bun looks up a bundled HTML page's chunks relative to the working directory, so the built
// server runs inside dist/app; the data directory is resolved against where we were started.
const server = Bun.spawn(["bun", "main.js"], {
  cwd: "dist/app",
  stdio: ["inherit", "inherit", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    MEMORIAL_DATA_DIR: resolve(process.env.MEMORIAL_DATA_DIR ?? "data"),
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
process.exit(await server.exited);
