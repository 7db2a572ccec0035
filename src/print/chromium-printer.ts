// Turns booklet HTML into PDF bytes with the system's Chromium: one warm browser shared by all
// jobs, a small pool of pages (one per job in flight, JavaScript off, every request refused
// except the current job's in-memory assets under its own random address), recycled every few
// dozen jobs because Chromium's memory grows, and a browser relaunched if it crashes.
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { CHROMIUM_BASE_ARGS, CHROMIUM_MISSING_MESSAGE, findChromium } from "./find-chromium";

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

/** The wait queue is full: the caller should answer "busy, try again shortly". */
export class PrinterBusyError extends Error {
  constructor() {
    super("The print engine is busy");
    this.name = "PrinterBusyError";
  }
}

/** A job given up by its caller (the client hung up) before or while it printed. */
export class PrintAbortedError extends Error {
  constructor() {
    super("The print job was cancelled");
    this.name = "PrintAbortedError";
  }
}

/** Prints with a slot the caller holds; see `ChromiumPrinter.reserve`. */
export type SlotPrint = (job: PrintJob) => Promise<PrintResult>;

export type PrinterOptions = {
  /** The Chromium to drive; findChromium() when not given, none (an error per job) when undefined is given. */
  executablePath?: string;
  /** Jobs printed at once; about one per core (2 measured best on 2 cores). */
  concurrency?: number;
  /** A page is replaced after this many jobs (Chromium's memory otherwise keeps growing). */
  recycleAfter?: number;
  /** Jobs allowed to wait for a slot; more are refused with PrinterBusyError (default: no cap, for the CLI). */
  maxQueue?: number;
};

const LAUNCH_ARGS = [
  ...CHROMIUM_BASE_ARGS,
  // Without it glyph advances are hinted and lines wrap differently from the browser preview.
  "--font-render-hinting=none",
];

/** The asset origin is never resolvable (.invalid), so only our route handler can answer it. */
const ASSET_ORIGIN = "http://keepsake-assets.invalid";

/** A reusable page: its context answers requests for whichever job it is printing. */
type PageSlot = {
  context: BrowserContext;
  page: Page;
  browser: Browser;
  jobs: number;
  current?: { assetBase: string; job: PrintJob; refused: string[] };
};

/** Playwright's error when the page, context or browser a call was using went away mid-call. */
const closedUnderJob = (error: unknown) =>
  error instanceof Error &&
  (error.name === "TargetClosedError" || /has been closed|Target closed/i.test(error.message));

const BROWSER_DEATH_NOTICE_MS = 2000;

const disconnection = (browser: Browser, limitMs: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limitMs);
    browser.once("disconnected", () => {
      clearTimeout(timer);
      resolve();
    });
  });

export class ChromiumPrinter {
  private browser: Promise<Browser> | undefined;
  private active = 0;
  private readonly waiting: { grant: () => void }[] = [];
  private readonly idle: PageSlot[] = [];
  private closed = false;
  readonly executablePath: string | undefined;
  readonly concurrency: number;
  readonly recycleAfter: number;
  readonly maxQueue: number;
  /** Launches so far (1 after the first job; more after crashes). */
  launches = 0;

  constructor(options: PrinterOptions = {}) {
    this.executablePath = "executablePath" in options ? options.executablePath : findChromium();
    this.concurrency = options.concurrency ?? 2;
    this.recycleAfter = options.recycleAfter ?? 25;
    this.maxQueue = options.maxQueue ?? Number.POSITIVE_INFINITY;
  }

  /** Jobs waiting for a slot now. */
  get queued() {
    return this.waiting.length;
  }

  private launch(): Promise<Browser> {
    // A job that was running when the printer closed must not start a browser nobody will close
    // (a server stopping mid-PDF left one running after it had exited).
    if (this.closed) return Promise.reject(new Error("The printer has been closed"));
    const executablePath = this.executablePath;
    if (!executablePath) throw new ChromiumMissingError();
    this.launches += 1;
    // Playwright is loaded with the first PDF: a server that never prints never holds it (~50 MB).
    const launching = import("playwright-core")
      .then(({ chromium }) => chromium.launch({ executablePath, args: LAUNCH_ARGS, headless: true }))
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

  private async acquire(signal?: AbortSignal) {
    if (signal?.aborted) throw new PrintAbortedError();
    if (this.active < this.concurrency) {
      this.active += 1;
      return;
    }
    if (this.waiting.length >= this.maxQueue) throw new PrinterBusyError();
    await new Promise<void>((resolve, reject) => {
      const entry = {
        grant: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      // A caller that gives up while waiting leaves the queue at once.
      const onAbort = () => {
        const at = this.waiting.indexOf(entry);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new PrintAbortedError());
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private release() {
    const next = this.waiting.shift();
    if (next) next.grant();
    else this.active -= 1;
  }

  /**
   * Waits for a free slot (refused with PrinterBusyError when the queue is full), then runs `work`
   * holding it, so whatever `work` prepares (photos) is only in memory once Chromium can take it.
   * `work` prints through the `print` it is given; an aborted `signal` stops the wait or the next print.
   */
  async reserve<T>(work: (print: SlotPrint) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) throw new Error("The printer has been closed");
    await this.acquire(signal);
    try {
      return await work(async (job) => {
        if (signal?.aborted) throw new PrintAbortedError();
        return this.printWithRetry(job);
      });
    } finally {
      this.release();
    }
  }

  /** Prints one job in a slot of its own. */
  print(job: PrintJob, signal?: AbortSignal): Promise<PrintResult> {
    return this.reserve((print) => print(job), signal);
  }

  /** A job that fails because the browser died is retried once on a new browser. */
  private async printWithRetry(job: PrintJob): Promise<PrintResult> {
    try {
      return await this.printOnce(job);
    } catch (error) {
      const browser = await this.browser?.catch(() => undefined);
      if (browser?.isConnected() && !closedUnderJob(error)) throw error;
      // Right after a crash the browser can still look connected: let it notice, so the retry
      // launches a new one instead of reusing the dead one.
      if (browser?.isConnected()) await disconnection(browser, BROWSER_DEATH_NOTICE_MS);
      return await this.printOnce(job);
    }
  }

  private async openSlot(): Promise<PageSlot> {
    const browser = await (this.browser ?? this.launch());
    const context = await browser.newContext({ javaScriptEnabled: false, serviceWorkers: "block" });
    const slot: PageSlot = { context, page: await context.newPage(), browser, jobs: 0 };
    await context.route("**/*", (route) => {
      const url = route.request().url();
      const current = slot.current;
      const asset =
        current && url.startsWith(current.assetBase)
          ? current.job.asset(decodeURIComponent(url.slice(current.assetBase.length)))
          : undefined;
      if (!asset) {
        current?.refused.push(url);
        return route.abort("blockedbyclient");
      }
      return route.fulfill({
        status: 200,
        body: Buffer.from(asset.body.buffer, asset.body.byteOffset, asset.body.byteLength),
        contentType: asset.contentType,
      });
    });
    return slot;
  }

  private async takeSlot(): Promise<PageSlot> {
    for (;;) {
      const slot = this.idle.pop();
      if (!slot) return this.openSlot();
      if (slot.browser.isConnected() && !slot.page.isClosed()) return slot;
    }
  }

  private async printOnce(job: PrintJob): Promise<PrintResult> {
    const slot = await this.takeSlot();
    const current = { assetBase: `${ASSET_ORIGIN}/${randomUUID()}/`, job, refused: [] as string[] };
    slot.current = current;
    let reusable = false;
    try {
      const { page } = slot;
      // setContent writes into the current document, whose CSP still names the previous job's
      // address: start each job from a fresh document.
      if (slot.jobs > 0) await page.goto("about:blank");
      await page.setContent(job.html(current.assetBase), { waitUntil: "load" });
      // Page scripts are off; these evaluations run in Playwright's own world. Fonts load lazily
      // at layout, so lay the page out first: otherwise fonts.ready can resolve before the
      // faces are even requested and the PDF silently uses a fallback font.
      await page.evaluate(async () => {
        document.body.getBoundingClientRect();
        await document.fonts.ready;
        await Promise.all([...document.fonts].filter((f) => f.status === "loading").map((f) => f.loaded));
      });
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
        // A shared PDF is read aloud in reading order (tags) and can be navigated by its
        // headings (outline): the name, then each page's title.
        tagged: true,
        outline: true,
      });
      slot.jobs += 1;
      reusable = slot.jobs < this.recycleAfter && !this.closed;
      return { pdf: new Uint8Array(pdf), overflowing, refused: current.refused };
    } finally {
      slot.current = undefined;
      if (reusable) this.idle.push(slot);
      else await slot.context.close().catch(() => undefined);
    }
  }

  /** Closes the pages and the browser; later jobs are refused. */
  async close() {
    this.closed = true;
    for (const slot of this.idle.splice(0)) await slot.context.close().catch(() => undefined);
    const browser = await this.browser?.catch(() => undefined);
    this.browser = undefined;
    await browser?.close().catch(() => undefined);
  }

  /** For crash tests: the running browser, if any. */
  async currentBrowser() {
    return this.browser?.catch(() => undefined);
  }
}
