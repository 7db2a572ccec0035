// Reliability figures: the load test (100 clients for 60 s against the built server), then the crash
// and fuzz suites with their own summaries. `bun run bench` runs it with the other benchmarks.
import { join } from "node:path";
import { printLoadFigures, runLoad } from "../load/run-load";

const root = join(import.meta.dir, "../..");

const figures = await runLoad({ clients: 100, seconds: 60, floorSeconds: 10, settleSeconds: 15 });
printLoadFigures(figures);
const loadFailed = figures.errors.length + figures.lost.length + figures.mixedUp.length > 0;

/** Runs test files and prints their summary lines (and the fuzz figures line). */
const suite = async (label: string, files: string[], env: Record<string, string> = {}) => {
  const started = performance.now();
  const proc = Bun.spawn(["bun", "test", "--timeout=300000", ...files], {
    cwd: root,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = (
    await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  ).join("\n");
  const code = await proc.exited;
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  const lines = output
    .split("\n")
    .filter((l) => /^\((pass|fail|skip)\)|^\s*\d+ (pass|fail|skip)|^fuzz:/.test(l));
  console.log(`\n${label} (${seconds} s):`);
  for (const line of lines) console.log(`  ${line.trim()}`);
  return code === 0;
};

const crashOk = await suite("Crashes", [
  "tests/crash/kill-server.test.ts",
  "tests/crash/storage-failures.test.ts",
  "tests/print/printer-batch-crash.test.ts",
]);
const fuzzOk = await suite("Hostile input", ["tests/api/fuzz.test.ts", "tests/api/access-control.test.ts"], {
  FUZZ_RUNS: "200",
});
process.exit(loadFailed || !crashOk || !fuzzOk ? 1 : 0);
