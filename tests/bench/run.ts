// `bun run bench`: runs every benchmark in this folder, one after another (they share the machine).
import { readdirSync } from "node:fs";
import { join } from "node:path";

const here = import.meta.dir;
const benches = readdirSync(here)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts")
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const proc = Bun.spawn(["bun", join(here, file)], { stdout: "inherit", stderr: "inherit" });
  if ((await proc.exited) !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
