// One `bun test` run for `bun run test`, and the processes it must not leave behind: PostgreSQL
// clusters, browsers, servers. Everything the run starts gets a marker in its environment and its
// temporary files under one folder of the run (TMPDIR), so they can be found afterwards even when
// they have left the run's process tree (a daemonised postmaster, Chromium's crash handler).
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const RUN_MARKER = "KEEPSAKE_TEST_RUN";

export type TestRunResult = {
  code: number;
  passed: number;
  failed: number;
  failures: string[];
  /** Processes of the run still alive after it: stopped by now, and a failure of the run. */
  leftovers: Leftover[];
};

export type Leftover = { pid: number; command: string };

const readProc = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, "latin1");
  } catch {
    return undefined; // gone meanwhile, or not ours to read
  }
};

/**
 * Live processes started by the run `runId`: its marker is in their environment, or its folder on
 * their command line (PostgreSQL overwrites its environment's memory for its process titles; its
 * postmaster's `-D` still names the cluster under the run's folder).
 */
export const leftoverProcesses = (runId: string, runDir: string, self = process.pid): Leftover[] => {
  const marker = `${RUN_MARKER}=${runId}`;
  const found: Leftover[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === self) continue;
    const pid = Number(entry);
    // Empty for kernel threads and zombies, which hold nothing.
    const command = readProc(pid, "cmdline")?.replaceAll("\0", " ").trim();
    if (!command) continue;
    if (command.includes(runDir) || readProc(pid, "environ")?.split("\0").includes(marker)) {
      found.push({ pid, command: command.slice(0, 160) });
    }
  }
  return found;
};

const alive = (pid: number) => existsSync(`/proc/${pid}`) && Boolean(readProc(pid, "cmdline"));

/** SIGTERM, then SIGKILL for what is still there after `graceMs`. */
export const stopProcesses = async (processes: Leftover[], graceMs = 5000) => {
  const signal = (pid: number, name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch {
      // already gone
    }
  };
  for (const { pid } of processes) signal(pid, "SIGTERM");
  const until = Date.now() + graceMs;
  while (processes.some((p) => alive(p.pid)) && Date.now() < until) await Bun.sleep(50);
  for (const { pid } of processes) if (alive(pid)) signal(pid, "SIGKILL");
};

/** Counts and failing lines from `bun test`'s output. */
const summarise = (output: string) => {
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
  return { passed: count("pass"), failed: count("fail"), failures: [...failures.values()] };
};

/**
 * One `bun test` run, its output passed through. Afterwards, and when this process is sent SIGINT
 * or SIGTERM (the run is stopped first), whatever the run started and left alive is stopped, its
 * folder removed, and named in `leftovers`; an interrupted run exits here with 130 or 143.
 */
export const runTestsSupervised = async (
  args: string[],
  env: Record<string, string> = {},
): Promise<TestRunResult> => {
  const runId = crypto.randomUUID();
  const runDir = mkdtempSync(join(tmpdir(), "keepsake-test-run-"));
  // PostgreSQL runs as its own user when the tests run as root: it must reach its cluster inside.
  chmodSync(runDir, 0o755);
  const cleanUp = async () => {
    const leftovers = leftoverProcesses(runId, runDir);
    await stopProcesses(leftovers);
    rmSync(runDir, { recursive: true, force: true });
    return leftovers;
  };

  // bunfig's [test] timeout is not honoured by Bun 1.4; the flag is.
  const proc = Bun.spawn(["bun", "test", "--timeout=30000", ...args], {
    stdout: "inherit",
    stderr: "pipe",
    env: { ...process.env, ...env, TMPDIR: runDir, [RUN_MARKER]: runId },
  });
  const interrupted = (signal: "SIGINT" | "SIGTERM", code: number) => async () => {
    // A terminal's Ctrl-C reaches the tests too; a supervisor's SIGTERM only reaches this process.
    proc.kill(signal);
    const stopped = await Promise.race([proc.exited, Bun.sleep(10_000).then(() => undefined)]);
    if (stopped === undefined) proc.kill("SIGKILL");
    const leftovers = await cleanUp();
    if (leftovers.length > 0)
      console.error(`\nStopped what the interrupted tests left running:\n${describeLeftovers(leftovers)}`);
    process.exit(code);
  };
  const onSigint = interrupted("SIGINT", 130);
  const onSigterm = interrupted("SIGTERM", 143);
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigterm);
  try {
    let output = "";
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr) {
      const text = decoder.decode(chunk);
      output += text;
      process.stderr.write(text);
    }
    const code = await proc.exited;
    return { code, ...summarise(output), leftovers: await cleanUp() };
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigterm);
  }
};

export const describeLeftovers = (leftovers: Leftover[]) =>
  leftovers.map(({ pid, command }) => `  pid ${pid}: ${command}`).join("\n");
