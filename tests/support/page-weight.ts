import type { Browser, Page } from "playwright-core";

/** What a fresh browser profile transferred (bytes on the wire, after compression) to show `path`. */
export type PageLoad = {
  path: string;
  transferredBytes: number;
  requests: number;
  firstContentfulPaintMs: number;
  /** From navigation until `ready` showed (the page's own content, not a spinner). */
  readyMs: number;
};

/** Chromium's preset network profiles (DevTools' "Fast 4G" and "Fast 3G"), for throttled runs. */
export const NETWORKS = {
  "4G": { latency: 60, downloadThroughput: (9 * 1024 * 1024) / 8, uploadThroughput: (1.5 * 1024 * 1024) / 8 },
  "Fast 3G": {
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
} as const;

const firstContentfulPaint = (page: Page) =>
  page.evaluate(
    () =>
      performance.getEntriesByType("paint").find((e) => e.name === "first-contentful-paint")?.startTime ?? -1,
  );

/**
 * Loads `path` in a new context (empty cache) and sums what the network really carried
 * (`Network.loadingFinished.encodedDataLength`) until the page is idle and `ready` shows.
 */
export const loadFresh = async (
  browser: Browser,
  base: string,
  path: string,
  options: { cookie?: string; network?: keyof typeof NETWORKS; ready: (page: Page) => Promise<unknown> },
): Promise<PageLoad> => {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
  try {
    if (options.cookie) {
      const at = options.cookie.indexOf("=");
      await context.addCookies([
        { name: options.cookie.slice(0, at), value: options.cookie.slice(at + 1), url: base },
      ]);
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    if (options.network)
      await cdp.send("Network.emulateNetworkConditions", { offline: false, ...NETWORKS[options.network] });
    let transferredBytes = 0;
    let requests = 0;
    cdp.on("Network.loadingFinished", (event) => {
      transferredBytes += event.encodedDataLength;
      requests++;
    });
    const started = performance.now();
    await page.goto(path, { waitUntil: "commit", timeout: 120_000 });
    await options.ready(page);
    const readyMs = performance.now() - started;
    await page.waitForLoadState("networkidle");
    return {
      path,
      transferredBytes,
      requests,
      firstContentfulPaintMs: await firstContentfulPaint(page),
      readyMs,
    };
  } finally {
    await context.close();
  }
};
