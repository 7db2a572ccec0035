import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const SOCKET_DIR_PREFIX = "keepsake-spa-";

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
};

/** Socket folders of servers that were killed (kill -9 runs no clean-up) go at the next start. */
const removeStaleSocketDirs = () => {
  for (const name of readdirSync(tmpdir())) {
    const pid = Number(name.slice(SOCKET_DIR_PREFIX.length).split("-")[0]);
    if (!name.startsWith(SOCKET_DIR_PREFIX) || !Number.isInteger(pid) || isRunning(pid)) continue;
    rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
};

let started = 0;

/**
 * Bun serves an HTML import (the SPA and its chunks) only from `Bun.serve` routes, which take no
 * middleware, so its answers cannot carry our security headers. The bundle is therefore served by
 * an inner server on a private Unix socket, and the public server forwards GETs to it and adds the
 * headers on the way out.
 */
export const startSpaServer = (index: Bun.HTMLBundle) => {
  removeStaleSocketDirs();
  // Named by process id (and a count: tests start several servers in one process).
  const dir = join(tmpdir(), `${SOCKET_DIR_PREFIX}${process.pid}-${++started}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { mode: 0o700 });
  const socket = join(dir, "spa.sock");
  const inner = Bun.serve({ unix: socket, routes: { "/*": index }, development: false });
  return {
    forward: (request: Request) => {
      const url = new URL(request.url);
      return fetch(`http://spa${url.pathname}${url.search}`, {
        unix: socket,
        method: request.method === "HEAD" ? "HEAD" : "GET",
        headers: request.headers,
        // Bun's fetch would otherwise unpack gzip and leave a stale content-encoding header.
        decompress: false,
      });
    },
    stop: async () => {
      await inner.stop(true);
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
