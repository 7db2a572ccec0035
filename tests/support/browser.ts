// Shared end-to-end helpers: the real server with a fresh data dir, Debian's Chromium driven by
// playwright-core (one browser per test file, a fresh context per test), screenshots to a temp
// folder and an axe-core audit injected into the page.
import { afterAll, afterEach, beforeAll, expect } from "bun:test";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_BASE_ARGS } from "../../src/print/find-chromium";
import type { AppDeps } from "../../src/server/app";
import { buildApp, type ServerProcess, startServerProcess } from "./server-process";
import { makeTempDir, startTestApp, type TestApp } from "./test-app";

export const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: CHROMIUM_BASE_ARGS,
  });

/** Where screenshots go; printed once so a person can look at them. */
export const SCREENSHOT_DIR = process.env.KEEPSAKE_SCREENSHOT_DIR ?? join(tmpdir(), "keepsake-screenshots");

export const screenshot = async (page: Page, name: string, options: { fullPage?: boolean } = {}) => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: options.fullPage ?? true });
  return path;
};

const AXE_PATH = resolve(import.meta.dir, "../../node_modules/axe-core/axe.min.js");

export type A11yViolation = { id: string; impact: string; help: string; targets: string[] };

/** Runs axe-core on the page as it is now; returns the serious and critical violations. */
export const auditAccessibility = async (page: Page): Promise<A11yViolation[]> => {
  // Evaluated by the test driver, not added as a <script>: the app's CSP refuses inline scripts.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(readFileSync(AXE_PATH, "utf8"));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<any> } }).axe;
    const result = await axe.run(document, { resultTypes: ["violations"] });
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes.map((n: any) => String(n.target)),
    }));
  });
  return violations.filter((v: A11yViolation) => v.impact === "serious" || v.impact === "critical");
};

/**
 * Starts the app and a browser for this test file and closes both afterwards; every test gets
 * its own browser context (cookies, storage) from `newPage`, closed after the test. `env` as a
 * function is read once the file's other set-up has run (a fake service's address).
 */
export const setupE2eApp = (
  options: {
    env?: Record<string, string> | (() => Record<string, string>);
    /** Hands the server's PDFs to print workers on this queue, opened once the tests start. */
    printQueue?: () => Promise<AppDeps["printQueue"]>;
  } = {},
) => {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  // Anything the Content-Security-Policy blocked: the app must work under its own policy.
  const cspViolations: string[] = [];

  beforeAll(async () => {
    app = await startTestApp({
      env: typeof options.env === "function" ? options.env() : options.env,
      printQueue: await options.printQueue?.(),
    });
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
    expect(cspViolations.splice(0)).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  const get = () => {
    if (!app || !browser) throw new Error("setupE2eApp: the app is not started yet");
    return { app, browser };
  };

  return {
    get app() {
      return get().app;
    },
    /** A page in a fresh context; with `signedIn`, a new account's session cookie is set first. */
    async newPage(options: { viewport?: { width: number; height: number }; signedIn?: boolean } = {}) {
      const { app, browser } = get();
      const context = await browser.newContext({
        baseURL: app.url,
        viewport: options.viewport ?? { width: 1280, height: 900 },
      });
      contexts.push(context);
      context.on("console", (message) => {
        if (message.text().includes("Content Security Policy")) cspViolations.push(message.text());
      });
      let account: Awaited<ReturnType<ReturnType<TestApp["client"]>["signUp"]>> | undefined;
      if (options.signedIn) {
        const client = app.client();
        account = await client.signUp();
        const at = client.cookie.indexOf("=");
        await context.addCookies([
          { name: client.cookie.slice(0, at), value: client.cookie.slice(at + 1), url: app.url },
        ]);
      }
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      return { page, context, account };
    },
  };
};

/**
 * For a test file: the app built as `bun run start` builds it, its server as its own process on a
 * fresh data folder, and a browser, started before the file's tests and stopped after them.
 */
export const setupBuiltAppAndBrowser = (label: string) => {
  const dataDir = makeTempDir(`keepsake-${label}-`);
  const started = {} as { server: ServerProcess; browser: Browser };
  beforeAll(async () => {
    await buildApp();
    started.server = await startServerProcess({ dataDir, built: true });
    started.browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  return started;
};
