// What a first visit costs on a phone: each page's transfer (after compression, fresh profile)
// and its first contentful paint under Chromium's throttled 4G and Fast 3G, through the built
// server as `bun run start` serves it. Goals: landing ≤ 1.5 s and builder ≤ 3 s on 4G.
import { rmSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser } from "../support/browser";
import { loadFresh, NETWORKS } from "../support/page-weight";
import { buildApp, startServerProcess } from "../support/server-process";
import { makeTempDir, signedInCookie } from "../support/test-app";

await buildApp();
const dataDir = makeTempDir("keepsake-bench-weight-");
const server = await startServerProcess({ dataDir, built: true });
const browser = await launchBrowser();
try {
  const cookie = await signedInCookie(server.base);
  const pages: { label: string; path: string; cookie?: string; ready: (page: Page) => Promise<unknown> }[] = [
    { label: "landing", path: "/", ready: (p) => p.getByRole("heading", { level: 1 }).waitFor() },
    { label: "sign-in", path: "/login", ready: (p) => p.getByLabel("Email").waitFor() },
    {
      label: "builder (empty program)",
      path: "/program-builder",
      cookie,
      ready: (p) => p.getByRole("heading", { name: "Live Preview" }).waitFor(),
    },
  ];
  console.log(
    "page                       network   KB transferred  requests  first contentful paint ms  ready ms",
  );
  for (const { label, path, cookie: pageCookie, ready } of pages) {
    for (const network of Object.keys(NETWORKS) as (keyof typeof NETWORKS)[]) {
      const load = await loadFresh(browser, server.base, path, { cookie: pageCookie, network, ready });
      console.log(
        `${label.padEnd(27)}${network.padEnd(10)}${(load.transferredBytes / 1024).toFixed(1).padStart(15)}${String(load.requests).padStart(10)}${load.firstContentfulPaintMs.toFixed(0).padStart(27)}${load.readyMs.toFixed(0).padStart(10)}`,
      );
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
