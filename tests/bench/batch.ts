// Batch throughput: `memorial batch` on 50 rows (one warm browser, bounded concurrency) against
// 50 separate `memorial pdf` runs (a process and a browser per program), measured in one run.
// Run: bun tests/bench/batch.ts   (target: 50 programs in under 15 s, at least 5x faster per program)
import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseServiceCsv } from "../../src/shared/service-csv";
import { toProgramInput } from "../../src/shared/service-draft";
import { makeTempDir } from "../support/test-app";

const REPO = join(import.meta.dir, "../..");
const CSV = join(REPO, "fixtures/csv/fifty-services.csv");
const CLI = join(REPO, "src/cli/main.ts");

const run = (args: string[]) => {
  const result = Bun.spawnSync(["bun", CLI, ...args], { stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0)
    throw new Error(`memorial ${args.join(" ")} failed: ${result.stderr.toString()}`);
};

const seconds = (work: () => void) => {
  const start = performance.now();
  work();
  return (performance.now() - start) / 1000;
};

const dir = makeTempDir("keepsake-bench-batch-");
try {
  const { rows } = parseServiceCsv(readFileSync(CSV, "utf8"));
  const programs = rows.map((row) => toProgramInput(row.draft));

  const batchOut = join(dir, "batch");
  const batchSeconds = seconds(() => run(["batch", CSV, "--out", batchOut]));
  const batchCount = readdirSync(batchOut).length;

  const singleSeconds = seconds(() => {
    programs.forEach((program, i) => {
      const json = join(dir, `program-${i}.json`);
      writeFileSync(json, JSON.stringify(program));
      run(["pdf", json, "--out", join(dir, `single-${i}.pdf`)]);
    });
  });

  const perBatch = batchSeconds / batchCount;
  const perSingle = singleSeconds / programs.length;
  console.log(
    `memorial batch, ${batchCount} rows: ${batchSeconds.toFixed(1)} s, ${(batchCount / batchSeconds).toFixed(2)} PDFs/s`,
  );
  console.log(
    `memorial pdf x ${programs.length}: ${singleSeconds.toFixed(1)} s, ${(programs.length / singleSeconds).toFixed(2)} PDFs/s`,
  );
  console.log(
    `per program: ${(perBatch * 1000).toFixed(0)} ms vs ${(perSingle * 1000).toFixed(0)} ms, batch is ${(perSingle / perBatch).toFixed(1)}x faster`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
