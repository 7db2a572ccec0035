import { chmodSync, chownSync, rmSync } from "node:fs";
import { userInfo } from "node:os";
import { join } from "node:path";
import { findPostgresTool } from "../../scripts/find-postgres";
import { makeTempDir } from "./test-app";

/** A port nobody listens on now: bind port 0, read it, let go. */
const freePort = () => {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
};

// PostgreSQL refuses to run as root; as root the cluster belongs to Debian's `postgres` user.
const asServerUser = (cmd: string[]) =>
  userInfo().uid === 0 ? ["runuser", "-u", "postgres", "--", ...cmd] : cmd;

const runTool = (cmd: string[]) => {
  const result = Bun.spawnSync(asServerUser(cmd), { stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`${cmd.join(" ")} failed: ${result.stderr.toString()}`);
};

/** Every cluster started in this process and not stopped yet. */
const running = new Set<{ stop: () => void }>();

/**
 * Stops and deletes every cluster still running: the test run's global teardown and its SIGINT or
 * SIGTERM handler call it (tests/support/test-run-teardown.ts), so a failed or interrupted test
 * leaves no PostgreSQL server behind. Bun's test runner never fires process "exit" handlers.
 */
export const stopAllPostgres = () => {
  for (const cluster of [...running]) {
    try {
      cluster.stop();
    } catch (error) {
      console.error(`Could not stop a test PostgreSQL cluster: ${error}`);
    }
  }
};

/**
 * A throwaway PostgreSQL cluster in a temp folder on a free loopback port (trust auth, no fsync:
 * it lives only for the tests). `stop` shuts it down and deletes it; calling it again does nothing.
 */
export const startPostgres = () => {
  const initdb = findPostgresTool("initdb");
  const pgCtl = findPostgresTool("pg_ctl");
  if (!initdb || !pgCtl) throw new Error("PostgreSQL is needed: apt-get install postgresql");
  const root = makeTempDir("keepsake-pg-");
  const dataDir = join(root, "cluster");
  if (userInfo().uid === 0) {
    const postgres = Bun.spawnSync(["id", "-u", "postgres"]).stdout.toString().trim();
    chownSync(root, Number(postgres), Number(postgres));
    chmodSync(root, 0o700);
  }
  runTool([initdb, "-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = freePort();
  const options = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  runTool([pgCtl, "-D", dataDir, "-o", options, "-l", join(root, "log"), "-w", "start"]);
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** A fresh empty database in the cluster, so test files do not share tables. */
    async createDatabase(name: string) {
      const admin = new Bun.SQL(`postgres://postgres@127.0.0.1:${port}/postgres`);
      await admin.unsafe(`CREATE DATABASE "${name}"`);
      await admin.close();
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      if (!running.delete(cluster)) return;
      try {
        runTool([pgCtl, "-D", dataDir, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  running.add(cluster);
  return cluster;
};
