import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { WorkerReply, WorkerRequest } from "./worker-side";

// Bun's Worker; the DOM typings the web app needs do not declare ref/unref.
type BunWorker = Worker & { ref(): void; unref(): void };

type Pending<Answer> = { resolve: (answer: Answer) => void; reject: (error: Error) => void };

/**
 * The worker's script: `source` in the source tree; in the bundle (dist/app) and the compiled
 * binary the build scripts emit each worker as `<name>.js` beside the server's own code.
 */
const workerScript = (source: URL, builtName: string) => {
  const path = fileURLToPath(source);
  return existsSync(path) ? path : join(import.meta.dir, builtName);
};

/**
 * A function that runs on a worker thread, for work whose cost grows with its input (WebAssembly
 * linting, reading a large file): the request thread stays free to answer everyone else.
 *
 * The worker starts on the first call, not at server start, and is referenced only while a call is
 * pending: an idle worker must not keep a finished process (a test, a CLI command) alive. A worker
 * that dies fails the calls it held and is replaced on the next call.
 */
export const offThread = <Request, Answer>(options: {
  /** The worker's source file, as `new URL("./x-worker.ts", import.meta.url)`. */
  source: URL;
  /** Its file name in the built app: the build scripts' entry point name with `.js`. */
  builtName: string;
  /** Says what stopped, in the error the pending calls fail with. */
  label: string;
}) => {
  let worker: BunWorker | undefined;
  let nextId = 0;
  const pending = new Map<number, Pending<Answer>>();

  const holdProcessWhilePending = () => {
    if (pending.size > 0) worker?.ref();
    else worker?.unref();
  };

  const start = () => {
    const started = new Worker(workerScript(options.source, options.builtName)) as BunWorker;
    started.onmessage = ({ data }: MessageEvent<WorkerReply<Answer>>) => {
      const waiting = pending.get(data.id);
      pending.delete(data.id);
      holdProcessWhilePending();
      if (!waiting) return;
      if ("error" in data) waiting.reject(new Error(`${options.label} failed: ${data.error}`));
      else waiting.resolve(data.answer);
    };
    started.onerror = (event) => {
      worker = undefined;
      started.terminate();
      for (const waiting of pending.values()) {
        waiting.reject(new Error(`${options.label} stopped: ${event.message}`));
      }
      pending.clear();
    };
    return started;
  };

  return (request: Request): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker ??= start();
      worker.postMessage({ id, request } satisfies WorkerRequest<Request>);
      holdProcessWhilePending();
    });
};
