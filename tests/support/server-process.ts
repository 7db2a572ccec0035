// The server as its own process (so a test can kill -9 it, or a load test can measure it from
// outside): from source, or the built bundle in dist/app as `bun run start` runs it.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "../..");

export type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>;

/** Builds dist/app as `bun run start` does. */
export const buildApp = async () => {
  const build = Bun.spawn(["bun", "scripts/build.ts"], { cwd: ROOT, stdout: "ignore", stderr: "inherit" });
  if ((await build.exited) !== 0) throw new Error("bun scripts/build.ts failed");
};

/**
 * Starts the server on a free loopback port over `dataDir` and resolves once it listens. The port
 * is read from the line it prints at start-up, however the output is split into chunks.
 */
export const startServerProcess = async (options: {
  dataDir: string;
  built?: boolean;
  env?: Record<string, string>;
  /** Another way to start the same server (`memorial serve`), run from the repository. */
  command?: string[];
}) => {
  const command =
    options.command ?? (options.built ? ["bun", "main.js"] : ["bun", join(ROOT, "src/server/main.ts")]);
  const proc = Bun.spawn(command, {
    cwd: options.built ? join(ROOT, "dist/app") : ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: "0",
      HOST: "127.0.0.1",
      MEMORIAL_DATA_DIR: options.dataDir,
      ...options.env,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const stderr = new Response(proc.stderr).text();
  const reader = proc.stdout.getReader();
  let printed = "";
  let startLine: string | undefined;
  while (!startLine) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the server exited before listening: ${printed}\n${await stderr}`);
    printed += new TextDecoder().decode(value);
    startLine = printed
      .split("\n")
      .find((line, i, lines) => i < lines.length - 1 && line.includes("serving on"));
  }
  const port = startLine.match(/serving on http:\/\/localhost:(\d+)/)?.[1];
  if (!port) throw new Error(`the server's start line names no port: ${startLine}`);
  // Keep draining its output so a chatty server never blocks on a full pipe.
  void (async () => {
    while (!(await reader.read()).done) {}
  })();
  return {
    base: `http://127.0.0.1:${port}`,
    /** The whole line the server printed once it listened. */
    startLine,
    pid: proc.pid,
    proc,
    stderr,
    /** Resident memory of the server process, in MB. */
    rssMb: () => {
      const kb = readFileSync(`/proc/${proc.pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1];
      return Number(kb) / 1024;
    },
    /** The power cord: no shutdown handler runs. */
    kill9: async () => {
      proc.kill("SIGKILL");
      await proc.exited;
    },
    stop: async () => {
      proc.kill("SIGTERM");
      await proc.exited;
    },
  };
};
