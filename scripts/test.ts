// `bun run test`: set up what a fresh clone lacks, then lint, typecheck and every test. Fails when
// the tests leave files behind in the work tree (they must write to temporary folders) or leave a
// process running (a PostgreSQL cluster, a browser, a server: see ./test-run.ts).
import { ensureDependencies, ensureTestTools, run } from "./setup";
import { describeLeftovers, runTestsSupervised } from "./test-run";

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

// The whole suite runs as two `bun test` processes side by side, one a core: the folders that
// drive a browser or build the app (the builds write one dist/app, so they stay in one process),
// and the rest followed by the API suite again on PostgreSQL (a fresh database per test app in a
// throwaway cluster), so both engines the server supports answer every call the same way.
const BROWSER_AND_BUILD = ["tests/e2e", "tests/smoke", "tests/cli", "tests/load", "tests/scale"];
const THE_REST = ["tests/api", "tests/architecture", "tests/crash", "tests/db", "tests/print"];
const PURE = ["tests/scripts", "tests/shared", "tests/web"];

/** A new folder of tests must join one side, or it would silently not run. */
const unlistedTestFolders = () => {
  const listed = new Set([...BROWSER_AND_BUILD, ...THE_REST, ...PURE]);
  const folders = new Set(
    [...new Bun.Glob("tests/**/*.test.{ts,tsx}").scanSync(".")].map((file) =>
      file.split("/").slice(0, 2).join("/"),
    ),
  );
  return [...folders].filter((folder) => !listed.has(folder));
};

const runWholeSuite = async () => {
  const unlisted = unlistedTestFolders();
  if (unlisted.length > 0) {
    console.error(`scripts/test.ts runs no side for ${unlisted.join(", ")}: add them to a list.`);
    process.exit(1);
  }
  const [browserSide, restSide] = await Promise.all([
    runTestsSupervised(BROWSER_AND_BUILD),
    (async () => {
      const rest = await runTestsSupervised([...THE_REST, ...PURE]);
      console.error("\nThe API tests again, on PostgreSQL:");
      return [rest, await runTestsSupervised(["tests/api"], { KEEPSAKE_TEST_DATABASE: "postgres" })];
    })(),
  ]);
  return [browserSide, ...restSide];
};

const runs =
  process.argv.length > 2 ? [await runTestsSupervised(process.argv.slice(2))] : await runWholeSuite();
let code = runs.find((r) => r.code !== 0)?.code ?? 0;

const left = [...(workTreeChanges() ?? [])].filter((line) => before && !before.has(line));
if (left.length > 0) {
  console.error(
    `\nThe tests left files in the work tree (write them to a temporary folder):\n${left.join("\n")}`,
  );
  code ||= 1;
}
// A cluster, browser or server the tests started and did not stop would run on after every
// `bun run test`: they were stopped above, and the run fails so the test that leaked gets fixed.
const leftovers = runs.flatMap((r) => r.leftovers);
if (leftovers.length > 0) {
  console.error(`\nThe tests left processes running (now stopped):\n${describeLeftovers(leftovers)}`);
  code ||= 1;
}
const total = (key: "passed" | "failed") => runs.reduce((sum, r) => sum + r[key], 0);
const failures = runs.flatMap((r) => r.failures);
if (failures.length > 0) console.error(`\nFailed:\n${failures.join("\n")}`);
console.log(`${total("passed")} passed, ${total("failed")} failed`);
process.exit(code);
