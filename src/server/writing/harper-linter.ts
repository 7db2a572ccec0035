import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HarperFinding } from "./harper-engine";
import type { LintReply, LintRequest } from "./harper-worker";

export type { HarperFinding } from "./harper-engine";

/**
 * The worker's script: beside this module in the source tree; in the bundle (dist/app) and the
 * compiled binary the build scripts emit it as harper-worker.js beside the server's own code.
 */
const workerScript = () => {
  const source = fileURLToPath(new URL("./harper-worker.ts", import.meta.url));
  return existsSync(source) ? source : join(import.meta.dir, "harper-worker.js");
};

type Pending = { resolve: (findings: HarperFinding[]) => void; reject: (error: Error) => void };

// Bun's Worker; the DOM typings the web app needs do not declare ref/unref.
type BunWorker = Worker & { ref(): void; unref(): void };

let worker: BunWorker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

const failAll = (error: Error) => {
  for (const waiting of pending.values()) waiting.reject(error);
  pending.clear();
};

/**
 * Referenced only while a lint is pending: an idle worker must not keep a finished process (a test,
 * a CLI command) alive, and a pending one must keep it alive until the answer arrives.
 */
const holdProcessWhilePending = () => {
  if (pending.size > 0) worker?.ref();
  else worker?.unref();
};

/** Started on the first lint, not at server start: a server nobody asks for grammar never loads harper. */
const getWorker = () => {
  if (worker) return worker;
  const started = new Worker(workerScript()) as BunWorker;
  started.onmessage = ({ data }: MessageEvent<LintReply>) => {
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    holdProcessWhilePending();
    if (!waiting) return;
    if ("error" in data) waiting.reject(new Error(`harper.js failed: ${data.error}`));
    else waiting.resolve(data.findings);
  };
  started.onerror = (event) => {
    // A worker that could not start (or died) is replaced on the next call.
    worker = undefined;
    started.terminate();
    failAll(new Error(`the grammar checker stopped: ${event.message}`));
  };
  worker = started;
  return started;
};

/** Harper's findings for `text`, computed off the request thread. */
export const lintText = (text: string): Promise<HarperFinding[]> =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    getWorker().postMessage({ id, text } satisfies LintRequest);
    holdProcessWhilePending();
  });

/**
 * Starts the grammar checker without waiting for it: loading harper takes seconds, so the AI Writer
 * tab asks for this when it opens, and the family's first click does not pay for it.
 */
export const warmGrammarChecker = () => {
  if (worker) return;
  lintText("Warm up.").catch((error) => console.error("The grammar checker could not start:", error));
};
