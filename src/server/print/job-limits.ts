import { AppError } from "../errors";

/**
 * Counts one kind of running print work per user, so one account cannot fill the print engine
 * and its queue by itself. Only users with running work have an entry: the map stays small.
 * Per process even with several web servers on PostgreSQL (unlike the request limits, which are
 * shared there): the cap guards this server's own print engine, so each server counts its own.
 */
class PerUserJobs {
  private readonly running = new Map<string, number>();

  constructor(
    readonly perUser: number,
    private readonly busyMessage: string,
  ) {}

  /** The 429 for a user at the cap (also for work counted elsewhere, such as a shared job queue). */
  refusal() {
    return new AppError("RATE_LIMITED", this.busyMessage, undefined, 10);
  }

  /** Counts a job for the user and answers its release, or refuses with 429 at the cap. */
  start(userId: string): () => void {
    const count = this.running.get(userId) ?? 0;
    if (count >= this.perUser) throw this.refusal();
    this.running.set(userId, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.running.get(userId) ?? 1) - 1;
      if (left > 0) this.running.set(userId, left);
      else this.running.delete(userId);
    };
  }

  async run<T>(userId: string, work: () => Promise<T>): Promise<T> {
    const release = this.start(userId);
    try {
      return await work();
    } finally {
      release();
    }
  }
}

export type PrintJobLimits = { pdf: PerUserJobs; batch: PerUserJobs; cmyk: PerUserJobs };

export const createPrintJobLimits = (caps = { pdf: 2, batch: 1, cmyk: 2 }): PrintJobLimits => ({
  pdf: new PerUserJobs(
    caps.pdf,
    "Your other PDFs are still being made. Please wait for them to finish, then try again.",
  ),
  batch: new PerUserJobs(
    caps.batch,
    "Your other batch download is still being made. Please wait for it to finish, then try again.",
  ),
  cmyk: new PerUserJobs(
    caps.cmyk,
    "Your other CMYK PDFs are still being prepared. Please wait for them to finish, then try again.",
  ),
});
