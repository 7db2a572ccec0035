// `bun run test` stops what a test run leaves running and fails for it (scripts/test-run.ts): a
// process that outlived `bun test`, a PostgreSQL cluster of a failed test, and an interrupted run.
import { afterAll, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO } from "../cli/run-cli";
import { makeTempDir } from "../support/test-app";
import { waitFor } from "../support/wait-for";

const dir = makeTempDir("keepsake-test-run-probe-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Running, not a zombie waiting for a parent that never reaps it (this container's init may not). */
const alive = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] !== "Z";
  } catch {
    return false;
  }
};
const pidFile = join(dir, "pid");

/** A test file that starts a `sleep` nobody stops, writes its pid, then `then` (a statement). */
const probe = (name: string, then: string) => {
  const file = join(dir, `${name}.test.ts`);
  writeFileSync(
    file,
    `import { test } from "bun:test";
import { writeFileSync } from "node:fs";
test("leaves a process behind", async () => {
  const sleeper = Bun.spawn(["sleep", "300"], { stdout: "ignore", stderr: "ignore" });
  sleeper.unref();
  writeFileSync(${JSON.stringify(pidFile)}, String(sleeper.pid));
  ${then}
}, 60_000);
`,
  );
  return file;
};

/** Runs runTestsSupervised on `files` in its own process, as scripts/test.ts does; prints its result. */
const supervisor = (files: string[]) => {
  const script = join(dir, "supervise.ts");
  writeFileSync(
    script,
    `import { runTestsSupervised } from ${JSON.stringify(join(REPO, "scripts/test-run.ts"))};
const result = await runTestsSupervised(${JSON.stringify(files)});
console.log(JSON.stringify({ code: result.code, leftovers: result.leftovers }));
`,
  );
  return Bun.spawn(["bun", script], { cwd: REPO, stdout: "pipe", stderr: "pipe" });
};

const runsBefore = () =>
  readdirSync(tmpdir())
    .filter((name) => name.startsWith("keepsake-test-run-"))
    .sort();

test("a process a test started and left running is found, stopped, and reported", async () => {
  const before = runsBefore();
  const run = supervisor([probe("leak", "")]);
  const [stdout, , exitCode] = await Promise.all([
    new Response(run.stdout).text(),
    new Response(run.stderr).text(),
    run.exited,
  ]);
  expect(exitCode).toBe(0);
  const result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}");
  const pid = Number(await Bun.file(pidFile).text());
  expect(result.code).toBe(0);
  expect(result.leftovers).toContainEqual({ pid, command: "sleep 300" });
  expect(alive(pid)).toBe(false);
  // The run's temporary folder is gone with it.
  expect(runsBefore().filter((name) => !before.includes(name) && name !== dir.split("/").pop())).toEqual([]);
}, 60_000);

test("an interrupted run (SIGTERM) stops its tests and what they started, and exits 143", async () => {
  rmSync(pidFile, { force: true });
  const run = supervisor([probe("interrupted", "await Bun.sleep(50_000);")]);
  const pid = await waitFor(
    async () => (existsSync(pidFile) ? Number(await Bun.file(pidFile).text()) : 0),
    "the probe's sleep to start",
    30_000,
  );
  run.kill("SIGTERM");
  expect(await run.exited).toBe(143);
  expect(alive(pid)).toBe(false);
}, 60_000);

test("the test run's teardown stops a PostgreSQL cluster a failing test never stopped", async () => {
  const file = join(dir, "cluster.test.ts");
  writeFileSync(
    file,
    `import { test } from "bun:test";
import { startPostgres } from ${JSON.stringify(join(REPO, "tests/support/postgres.ts"))};
test("fails with a cluster running", () => {
  startPostgres();
  throw new Error("failed on purpose");
}, 60_000);
`,
  );
  const run = supervisor([file]);
  const [stdout] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
  const result = JSON.parse(stdout.trim().split("\n").pop() ?? "{}");
  expect(result.code).toBe(1);
  expect(result.leftovers).toEqual([]);
}, 60_000);
