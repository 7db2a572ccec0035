// `bun run test`: set up what a fresh clone lacks, then lint, typecheck and every test. Fails when
// the tests leave files behind in the work tree (they must write to temporary folders).
import { ensureDependencies, ensureTestTools, run } from "./setup";

/** Files git would see as changed or new (ignored ones such as dist/ and data/ excluded). */
const workTreeChanges = () => {
  const status = Bun.spawnSync(["git", "status", "--porcelain", "--untracked-files=all"], {
    stderr: "ignore",
  });
  return status.exitCode === 0 ? new Set(status.stdout.toString().split("\n").filter(Boolean)) : undefined;
};

ensureDependencies();
ensureTestTools();
run(["bun", "run", "lint"]);
run(["bun", "run", "typecheck"]);

const before = workTreeChanges();

/** One `bun test` run, its output passed through; answers its exit code and counts. */
const runTests = async (args: string[], env: Record<string, string> = {}) => {
  // bunfig's [test] timeout is not honoured by Bun 1.4; the flag is.
  const proc = Bun.spawn(["bun", "test", "--timeout=30000", ...args], {
    stdout: "inherit",
    stderr: "pipe",
    env: { ...process.env, ...env },
  });
  let output = "";
  const decoder = new TextDecoder();
  for await (const chunk of proc.stderr) {
    const text = decoder.decode(chunk);
    output += text;
    process.stderr.write(text);
  }
  const count = (word: string) => Number(output.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);
  // Each failing test's line, with the file it is in, to repeat at the very end: CI logs are
  // often read from their tail, where the first run's failures would otherwise not show.
  // The lines since the test before it (its error and stack, at most 20) come along. Bun repeats
  // each "(fail)" line in its own closing summary, under no file: the first one seen is kept.
  const failures = new Map<string, string>();
  let file = "";
  let since: string[] = [];
  for (const line of output.split("\n")) {
    if (/^\S.*\.(test|spec)\.tsx?:$/.test(line)) file = line.slice(0, -1);
    if (line.startsWith("(fail) ") && !failures.has(line)) {
      failures.set(line, `${file}: ${line}\n${since.slice(-20).join("\n")}`);
    }
    since = /^\((pass|fail|skip|todo)\) /.test(line) ? [] : [...since, line];
  }
  return {
    code: await proc.exited,
    passed: count("pass"),
    failed: count("fail"),
    failures: [...failures.values()],
  };
};

const runs = [await runTests(process.argv.slice(2))];
// The API suite again on PostgreSQL (a fresh database per test app in a throwaway cluster), so
// both engines the server supports answer every call the same way.
if (process.argv.length <= 2) {
  console.error("\nThe API tests again, on PostgreSQL:");
  runs.push(await runTests(["tests/api"], { KEEPSAKE_TEST_DATABASE: "postgres" }));
}
let code = runs.find((r) => r.code !== 0)?.code ?? 0;

const left = [...(workTreeChanges() ?? [])].filter((line) => before && !before.has(line));
if (left.length > 0) {
  console.error(
    `\nThe tests left files in the work tree (write them to a temporary folder):\n${left.join("\n")}`,
  );
  code ||= 1;
}
const total = (key: "passed" | "failed") => runs.reduce((sum, r) => sum + r[key], 0);
const failures = runs.flatMap((r) => r.failures);
if (failures.length > 0) console.error(`\nFailed:\n${failures.join("\n")}`);
console.log(`${total("passed")} passed, ${total("failed")} failed`);
process.exit(code);
