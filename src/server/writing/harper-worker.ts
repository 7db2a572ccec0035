// The grammar checker's own thread: harper.js lints synchronously inside WebAssembly, and a long
// text would otherwise hold the server's request thread for as long as it takes.
// Built apps load this file as harper-worker.js beside the bundle (see scripts/build.ts).
import { lintOnThisThread } from "./harper-engine";

declare const self: Worker;

export type LintRequest = { id: number; text: string };
export type LintReply =
  | { id: number; findings: Awaited<ReturnType<typeof lintOnThisThread>> }
  | { id: number; error: string };

self.onmessage = async ({ data }: MessageEvent<LintRequest>) => {
  try {
    self.postMessage({ id: data.id, findings: await lintOnThisThread(data.text) } satisfies LintReply);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    self.postMessage({ id: data.id, error: message } satisfies LintReply);
  }
};
