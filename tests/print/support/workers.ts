import { join } from "node:path";
import { PrintQueue, type PrintTaskInput } from "../../../src/server/print/print-queue";
import type { PrintJobStatus } from "../../../src/shared/api-answers";
import type { Program } from "../../../src/shared/schemas";
import { REPO } from "../../cli/run-cli";
import type { TestClient } from "../../support/test-app";
import { fixtureProgram } from "./fixture-programs";

export type WorkerProcess = Awaited<ReturnType<typeof startWorker>>;

/** The web side's queue; its jobs are taken from a silent worker after 10 seconds, the shortest. */
export const openTestQueue = (databaseUrl: string) =>
  PrintQueue.open(databaseUrl, { role: "web", timings: { heartbeatSeconds: 10 } });

/**
 * `memorial worker` in its own process; resolves with the line it prints once it takes jobs.
 * `command` runs another build of the CLI (the compiled binary), `cwd` a folder of its own.
 */
export const startWorker = async (
  env: Record<string, string>,
  options: { command?: string[]; cwd?: string } = {},
) => {
  const command = options.command ?? ["bun", join(REPO, "src/cli/main.ts")];
  const proc = Bun.spawn([...command, "worker"], {
    cwd: options.cwd ?? REPO,
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

/** A short program as the server keeps it (id, version, times), for `fullName`. */
export const printableProgram = (fullName: string): Program => ({
  ...fixtureProgram("short"),
  fullName,
  id: crypto.randomUUID(),
  version: 1,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
});

/** One PDF of a print job for `ownerId`: `fullName`'s short program, bound in a ZIP. */
export const printTask = (
  ownerId: string,
  fullName: string,
  overrides: Partial<PrintTaskInput> = {},
): PrintTaskInput => ({
  ownerId,
  fileName: `${fullName}.pdf`,
  program: printableProgram(fullName),
  variant: "print",
  marks: false,
  watermark: false,
  bundle: "zip",
  bundleName: "programs.zip",
  ...overrides,
});

/** `path` on the client's server with its session cookie, answered as a raw Response (files). */
export const fetchAs = (client: TestClient, path: string) =>
  fetch(client.baseUrl + path, { headers: { cookie: client.cookie } });

/**
 * Polls a print job's status address until it is done and answers its last status, download
 * address included. A failed job, a status that is not a 200, or a job still unfinished after
 * `deadlineMs` throws, naming the job and its last status, before the test's own timeout hides why.
 */
export const followPrintJob = async (client: TestClient, statusUrl: string, deadlineMs: number) => {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const status = await client.get(statusUrl);
    const seen = `${statusUrl} answered ${status.status} ${status.text}`;
    if (status.status !== 200) throw new Error(`print job status failed: ${seen}`);
    const job = status.json as PrintJobStatus;
    if (job.state === "failed") throw new Error(`print job failed: ${seen}`);
    if (job.state === "done") {
      if (!job.downloadUrl) throw new Error(`print job done without a download address: ${seen}`);
      return { ...job, downloadUrl: job.downloadUrl };
    }
    if (Date.now() > until) throw new Error(`print job not done after ${deadlineMs} ms: ${seen}`);
    await Bun.sleep(200);
  }
};
