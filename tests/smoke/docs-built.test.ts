// The API reference through the bundle `bun run build` makes (run as `bun main.js` inside dist/app,
// as `bun run start` does): the viewer's script is a file the bundle carries beside main.js, and
// the page must render under the server's Content-Security-Policy. The compiled binary is checked
// in tests/cli/serve-and-binary.test.ts.
import { afterAll, beforeAll, test } from "bun:test";
import { rmSync } from "node:fs";
import type { Browser } from "playwright-core";
import { expectApiReferenceRenders } from "../support/api-reference";
import { launchBrowser } from "../support/browser";
import { buildApp, type ServerProcess, startServerProcess } from "../support/server-process";
import { makeTempDir } from "../support/test-app";

let dataDir: string;
let server: ServerProcess;
let browser: Browser;
beforeAll(async () => {
  await buildApp();
  dataDir = makeTempDir("keepsake-docs-built-");
  server = await startServerProcess({ dataDir, built: true });
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("the built server's API reference shows the operations, with no CSP violation", async () => {
  const context = await browser.newContext();
  try {
    await expectApiReferenceRenders(await context.newPage(), server.base);
  } finally {
    await context.close();
  }
}, 60_000);
