import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Bun serves an HTML import (the SPA and its chunks) only from `Bun.serve` routes, which take no
 * middleware, so its answers cannot carry our security headers. The bundle is therefore served by
 * an inner server on a private Unix socket, and the public server forwards GETs to it and adds the
 * headers on the way out.
 */
export const startSpaServer = (index: Bun.HTMLBundle) => {
  const dir = mkdtempSync(join(tmpdir(), "keepsake-spa-"));
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
