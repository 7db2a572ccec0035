import { offThread } from "../off-thread/worker-client";
import type { HarperFinding } from "./harper-engine";

export type { HarperFinding } from "./harper-engine";

/** Harper's findings for `text`, computed off the request thread (see harper-worker.ts). */
export const lintText = offThread<string, HarperFinding[]>({
  source: new URL("./harper-worker.ts", import.meta.url),
  builtName: "harper-worker.js",
  label: "harper.js",
});

let warmed = false;

/**
 * Starts the grammar checker without waiting for it: loading harper takes seconds, so the AI Writer
 * tab asks for this when it opens, and the family's first click does not pay for it.
 */
export const warmGrammarChecker = () => {
  if (warmed) return;
  warmed = true;
  lintText("Warm up.").catch((error) => {
    warmed = false;
    console.error("The grammar checker could not start:", error);
  });
};
