// Print jobs on a PostgreSQL job queue (pg-boss, in its own `pgboss` schema of the app's database),
// so print workers on other machines make the PDFs the web servers hand out. A print job (one PDF
// download, or one batch) is one queue job per program PDF: two workers split a batch, and a worker
// that dies loses only the PDF it was making, which the queue gives to another worker once the
// dead one's heartbeat stops.
import { type JobWithMetadata, PgBoss } from "pg-boss";
import type { PdfVariant } from "../../print/render-program-pdf";
import type { PrintJobStatus } from "../../shared/api-answers";
import type { Program } from "../../shared/schemas";

const QUEUE = "print-pdf";
/** Kept PDFs to remove from the file store once their print job is no longer kept. */
const REMOVALS = "print-pdf-removal";

/** What a download of the print job is: the one PDF, a ZIP of them, or one combined PDF. */
export type PrintBundle = "pdf" | "zip" | "combined";

/** One program PDF to print: everything a worker needs, so it reads no account or program rows. */
export type PrintTask = {
  printJobId: string;
  ownerId: string;
  /** Its place in the download, from 0, of `total`. */
  index: number;
  total: number;
  /** The PDF's name inside the ZIP. */
  fileName: string;
  /** The program as it was when the PDF was asked for: later edits make a new job. */
  program: Program;
  variant: PdfVariant;
  marks: boolean;
  watermark: boolean;
  bundle: PrintBundle;
  /** The download's file name (the PDF, ZIP or combined PDF). */
  bundleName: string;
};

export type PrintTimings = {
  /** A worker refreshes its job's heartbeat every half of this; pg-boss's minimum is 10. */
  heartbeatSeconds: number;
  /** How often this process checks for jobs whose worker stopped beating (and expired ones). */
  superviseSeconds: number;
  /** Attempts after the first before a PDF counts as failed. */
  retryLimit: number;
  /** Wait before the first retry, doubled (with jitter) for each next one: rides out a short outage. */
  retryDelaySeconds: number;
  /** The longest one PDF may take, a backstop for a worker that hangs while still beating. */
  expireSeconds: number;
  /** How long a finished job (and so its download) is kept. */
  keepSeconds: number;
  /** How often an idle worker asks for work (a new job wakes it at once). */
  pollSeconds: number;
};

// A killed worker's PDF is printed again about half a minute later (a PDF takes one to three
// seconds); PRINT_JOB_EXPIRE_SECONDS shortens it to 10.
const DEFAULT_PRINT_TIMINGS: PrintTimings = {
  heartbeatSeconds: 30,
  superviseSeconds: 2,
  retryLimit: 3,
  retryDelaySeconds: 1,
  expireSeconds: 600,
  keepSeconds: 24 * 60 * 60,
  pollSeconds: 1,
};

/** Where a finished task's PDF is kept in the file store. */
export const printedPdfKey = (taskId: string) => `prints/${taskId}.pdf`;

type PrintJobState = PrintJobStatus["state"];

export type PrintJobView = {
  id: string;
  ownerId: string;
  state: PrintJobState;
  done: number;
  total: number;
  bundle: PrintBundle;
  bundleName: string;
  variant: PdfVariant;
  /** The tasks in download order, with the program each printed. */
  tasks: { id: string; fileName: string; programId: string }[];
};

const FINISHED_BADLY = new Set(["failed", "cancelled"]);
const UNSETTLED = new Set(["created", "retry", "active"]);

const viewOf = (jobs: JobWithMetadata<PrintTask>[]): PrintJobView | undefined => {
  const first = jobs[0];
  if (!first) return undefined;
  const sorted = [...jobs].sort((a, b) => a.data.index - b.data.index);
  const done = jobs.filter((job) => job.state === "completed").length;
  const started = jobs.some((job) => job.state === "active" || job.state === "completed");
  const state: PrintJobState = jobs.some((job) => FINISHED_BADLY.has(job.state))
    ? "failed"
    : done === jobs.length
      ? "done"
      : started
        ? "printing"
        : "queued";
  return {
    id: first.data.printJobId,
    ownerId: first.data.ownerId,
    state,
    done,
    total: first.data.total,
    bundle: first.data.bundle,
    bundleName: first.data.bundleName,
    variant: first.data.variant,
    tasks: sorted.map((job) => ({ id: job.id, fileName: job.data.fileName, programId: job.data.program.id })),
  };
};

export type PrintTaskInput = Omit<PrintTask, "printJobId" | "index" | "total">;

/** The queue as the web servers and the workers use it. */
export class PrintQueue {
  private constructor(
    private readonly boss: PgBoss,
    readonly timings: PrintTimings,
  ) {}

  /** Connects, installing or upgrading pg-boss's schema on first use (it takes a lock for that). */
  static async open(
    databaseUrl: string,
    { timings = {}, role }: { timings?: Partial<PrintTimings>; role: "web" | "worker" },
  ) {
    const all = { ...DEFAULT_PRINT_TIMINGS, ...timings };
    const boss = new PgBoss({
      connectionString: databaseUrl,
      application_name: `keepsake-${role}`,
      instanceName: `keepsake-${role}`,
      // Wakes idle workers as soon as a job is sent, instead of at their next poll.
      useListenNotify: true,
      superviseIntervalSeconds: all.superviseSeconds,
      monitorIntervalSeconds: all.superviseSeconds,
      // Removes finished jobs older than keepSeconds (pg-boss's default is once a day).
      maintenanceIntervalSeconds: Math.min(all.keepSeconds, 3600),
      max: 4,
    });
    // Without a listener an EventEmitter throws its errors; pg-boss reports lost connections here
    // and reconnects by itself.
    boss.on("error", (error) => console.error("Print queue:", error));
    await boss.start();
    await boss.createQueue(QUEUE, { notify: true });
    await boss.createQueue(REMOVALS);
    return new PrintQueue(boss, all);
  }

  /** Sends one task per item as one print job and answers its id. */
  async enqueue(items: PrintTaskInput[], options: { key?: string } = {}) {
    const printJobId = crypto.randomUUID();
    const { retryLimit, retryDelaySeconds, heartbeatSeconds, expireSeconds, keepSeconds } = this.timings;
    await this.boss.insert(
      QUEUE,
      items.map((item, index) => ({
        // A single PDF's task is its print job: one id for both.
        id: items.length === 1 ? printJobId : crypto.randomUUID(),
        data: { ...item, printJobId, index, total: items.length } satisfies PrintTask,
        singletonKey: options.key,
        retryLimit,
        retryDelay: retryDelaySeconds,
        retryBackoff: true,
        heartbeatSeconds,
        expireInSeconds: expireSeconds,
        deleteAfterSeconds: keepSeconds,
      })),
    );
    return printJobId;
  }

  /**
   * The owner's print job; undefined for an unknown id or another owner's job. A failed print job
   * is never downloaded, so its PDFs still waiting or retrying are cancelled when it is seen: they
   * stop taking workers, and the owner's cap lets them ask again at once.
   */
  async find(ownerId: string, printJobId: string) {
    const jobs = await this.boss.findJobs<PrintTask>(QUEUE, { data: { printJobId, ownerId } });
    const view = viewOf(jobs);
    if (view?.state === "failed") {
      const unsettled = jobs.filter((job) => UNSETTLED.has(job.state)).map((job) => job.id);
      if (unsettled.length > 0) await this.boss.cancel(QUEUE, unsettled);
    }
    return view;
  }

  /** The newest print job sent with `key` that has not failed, if any. */
  async findByKey(ownerId: string, key: string) {
    const jobs = await this.boss.findJobs<PrintTask>(QUEUE, { key, data: { ownerId } });
    const usable = jobs.filter((job) => !FINISHED_BADLY.has(job.state)).at(-1);
    // Only single PDFs are sent with a key: the task found is its whole print job.
    return usable ? viewOf([usable]) : undefined;
  }

  /**
   * The owner's print jobs with PDFs still waiting for a worker, for the per-user cap. Only waiting
   * tasks are read (a day's finished ones would be many more), so a job whose last PDFs are being
   * printed right now no longer counts: it is a second from done.
   */
  async unfinished(ownerId: string, bundle: PrintBundle[]) {
    const waiting = await this.boss.findJobs<PrintTask>(QUEUE, { data: { ownerId }, queued: true });
    const open = waiting.filter((job) => bundle.includes(job.data.bundle));
    return new Set(open.map((job) => job.data.printJobId)).size;
  }

  /**
   * Polls until the print job is done or failed, or `waitMs` has passed; answers it as last seen.
   * Polling keeps the web server free of any per-job listener a dead worker could leave behind.
   */
  async waitFor(ownerId: string, printJobId: string, waitMs: number, everyMs = 100) {
    const until = Date.now() + waitMs;
    for (;;) {
      const view = await this.find(ownerId, printJobId);
      if (!view || view.state === "done" || view.state === "failed" || Date.now() >= until) return view;
      await Bun.sleep(everyMs);
    }
  }

  /**
   * Runs `print` for tasks, `concurrency` at a time, until `close`. A task that throws is retried
   * (up to the retry limit), as is one whose worker dies; its signal aborts when the queue takes
   * the task back (it expired).
   */
  async work(
    concurrency: number,
    print: (task: PrintTask, taskId: string, signal: AbortSignal) => Promise<object>,
  ) {
    // One pg-boss worker (a fetch loop) per slot, each asking for its next task as soon as one is
    // done: pg-boss otherwise waits out the polling interval after every job, which would idle a
    // printer between a batch's PDFs. Idle, a loop polls every pollSeconds (and wakes on a new job).
    for (let slot = 0; slot < concurrency; slot++) {
      let loop: string | undefined;
      loop = await this.boss.work<PrintTask>(
        QUEUE,
        {
          pollingIntervalSeconds: this.timings.pollSeconds,
          notifyPollingIntervalSeconds: this.timings.pollSeconds,
        },
        async ([job]) => {
          if (!job) return undefined;
          try {
            return await print(job.data, job.id, job.signal);
          } finally {
            if (loop) this.boss.notifyWorker(loop);
          }
        },
      );
    }
  }

  /** Has `key` removed from the file store when the print job that made it is no longer kept. */
  async removeLater(key: string) {
    await this.boss.sendAfter(REMOVALS, { key }, null, this.timings.keepSeconds);
  }

  /** Runs the removals that `removeLater` asked for, as they come due. */
  async workRemovals(remove: (key: string) => Promise<void>) {
    await this.boss.work<{ key: string }>(
      REMOVALS,
      { pollingIntervalSeconds: this.timings.pollSeconds },
      async ([job]) => {
        if (job) await remove(job.data.key);
      },
    );
  }

  /** Stops taking work; with `graceful`, waits (up to `timeoutMs`) for the tasks running here. */
  async close({ graceful = true, timeoutMs = 30_000 } = {}) {
    await this.boss.stop({ graceful, timeout: timeoutMs });
  }
}
