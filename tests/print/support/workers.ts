import { join } from "node:path";
import { PrintQueue } from "../../../src/server/print/print-queue";
import { REPO } from "../../cli/run-cli";

export type WorkerProcess = Awaited<ReturnType<typeof startWorker>>;

/** The web side's queue; its jobs are taken from a silent worker after 10 seconds, the shortest. */
export const openTestQueue = (databaseUrl: string) =>
  PrintQueue.open(databaseUrl, { role: "web", timings: { heartbeatSeconds: 10 } });

/** `memorial worker` in its own process; resolves with the line it prints once it takes jobs. */
export const startWorker = async (env: Record<string, string>, args: string[] = []) => {
  const proc = Bun.spawn(["bun", join(REPO, "src/cli/main.ts"), "worker", ...args], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = proc.stdout.getReader();
  let printed = "";
  while (!printed.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the worker exited before starting: ${printed}`);
    printed += new TextDecoder().decode(value);
  }
  // Keep draining its output so the worker never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done) {}
  })();
  return {
    firstLine: printed.split("\n")[0] ?? "",
    pid: proc.pid,
    exited: proc.exited,
    kill: (signal: "SIGKILL" | "SIGTERM") => proc.kill(signal),
  };
};
