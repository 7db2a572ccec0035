// Turns booklet HTML into PDF bytes with the system's Chromium: one warm browser shared by all
// jobs, a fresh context per job (JavaScript off, every request refused except the job's own
// in-memory assets), at most `concurrency` jobs at once, relaunched if it crashes.
import { randomUUID } from "node:crypto";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_MISSING_MESSAGE, findChromium } from "./find-chromium";

export type PrintAsset = { body: Uint8Array; contentType: string };

export type PrintJob = {
  /** Builds the document once the job's asset address is known. */
  html: (assetBase: string) => string;
  /** Answers a request under the asset address (path after it, e.g. "fonts/x.woff2"). */
  asset: (path: string) => PrintAsset | undefined;
  widthIn: number;
  heightIn: number;
};

export type PrintResult = {
  pdf: Uint8Array;
  /** data-flow keys of text areas whose real layout overflowed their box. */
  overflowing: string[];
  /** Requests that were refused (anything outside the job's assets). */
  refused: string[];
};

export class ChromiumMissingError extends Error {
  constructor() {
    super(CHROMIUM_MISSING_MESSAGE);
    this.name = "ChromiumMissingError";
  }
}

export type PrinterOptions = {
  /** The Chromium to drive; findChromium() when not given, none (an error per job) when undefined is given. */
  executablePath?: string;
  /** Jobs printed at once; about one per core (2 measured best on 2 cores). */
  concurrency?: number;
};

const LAUNCH_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Without it glyph advances are hinted and lines wrap differently from the browser preview.
  "--font-render-hinting=none",
];

/** The asset origin is never resolvable (.invalid), so only our route handler can answer it. */
const ASSET_ORIGIN = "http://keepsake-assets.invalid";

export class ChromiumPrinter {
  private browser: Promise<Browser> | undefined;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  readonly executablePath: string | undefined;
  readonly concurrency: number;
  /** Launches so far (1 after the first job; more after crashes). */
  launches = 0;

  constructor(options: PrinterOptions = {}) {
    this.executablePath = "executablePath" in options ? options.executablePath : findChromium();
    this.concurrency = options.concurrency ?? 2;
  }

  private launch(): Promise<Browser> {
    const executablePath = this.executablePath;
    if (!executablePath) throw new ChromiumMissingError();
    this.launches += 1;
    const launching = chromium
      .launch({ executablePath, args: LAUNCH_ARGS, headless: true })
      .then((browser) => {
        browser.on("disconnected", () => {
          if (this.browser === launching) this.browser = undefined;
        });
        return browser;
      });
    launching.catch(() => {
      if (this.browser === launching) this.browser = undefined;
    });
    this.browser = launching;
    return launching;
  }

  private async acquire() {
    if (this.active < this.concurrency) {
      this.active += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.active -= 1;
  }

  /** Prints one job; a job that fails because the browser died is retried once on a new browser. */
  async print(job: PrintJob): Promise<PrintResult> {
    if (this.closed) throw new Error("The printer has been closed");
    await this.acquire();
    try {
      try {
        return await this.printOnce(job);
      } catch (error) {
        const browser = await this.browser?.catch(() => undefined);
        if (browser?.isConnected()) throw error;
        return await this.printOnce(job);
      }
    } finally {
      this.release();
    }
  }

  private async printOnce(job: PrintJob): Promise<PrintResult> {
    const browser = await (this.browser ?? this.launch());
    const assetBase = `${ASSET_ORIGIN}/${randomUUID()}/`;
    const refused: string[] = [];
    const context = await browser.newContext({
      javaScriptEnabled: false,
      serviceWorkers: "block",
      offline: false,
    });
    try {
      await context.route("**/*", (route) => {
        const url = route.request().url();
        const asset = url.startsWith(assetBase)
          ? job.asset(decodeURIComponent(url.slice(assetBase.length)))
          : undefined;
        if (!asset) {
          refused.push(url);
          return route.abort("blockedbyclient");
        }
        return route.fulfill({
          status: 200,
          body: Buffer.from(asset.body.buffer, asset.body.byteOffset, asset.body.byteLength),
          contentType: asset.contentType,
        });
      });
      const page = await context.newPage();
      await page.setContent(job.html(assetBase), { waitUntil: "load" });
      // Page scripts are off; these evaluations run in Playwright's own world.
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const overflowing = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("[data-flow]")]
          .filter((el) => el.scrollHeight > el.clientHeight + 1)
          .map((el) => el.dataset.flow ?? ""),
      );
      const pdf = await page.pdf({
        width: `${job.widthIn}in`,
        height: `${job.heightIn}in`,
        printBackground: true,
        preferCSSPageSize: false,
        margin: { top: 0, right: 0, bottom: 0, left: 0 },
      });
      return { pdf: new Uint8Array(pdf), overflowing, refused };
    } finally {
      await context.close().catch(() => undefined);
    }
  }

  /** Closes the browser; later jobs are refused. */
  async close() {
    this.closed = true;
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  /** For crash tests and the benchmark: the running browser, if any. */
  async currentBrowser() {
    return this.browser?.catch(() => undefined);
  }
}
