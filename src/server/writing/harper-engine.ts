import { pathToFileURL } from "node:url";
import { createBinaryModuleFromUrl, Dialect, LocalLinter, type Suggestion, SuggestionKind } from "harper.js";
// A file import, not harper.js/binary: that module finds its WebAssembly through
// `new URL(..., import.meta.url)`, which points nowhere once Bun.build has bundled the server.
// Bun copies a file import into the bundle's folder instead.
import harperWasmPath from "../../../node_modules/harper.js/dist/harper_wasm_bg.wasm" with { type: "file" };
import { bundledFilePath } from "../../print/bundled-file";

/** One finding of harper, as plain data (harper's own objects live in WebAssembly memory). */
export type HarperFinding = {
  start: number;
  end: number;
  problem: string;
  kind: string;
  message: string;
  /** What each of harper's suggestions would put in place of `problem`, best first. */
  replacements: string[];
};

const replacementFor = (problem: string, suggestion: Suggestion) => {
  const kind = suggestion.kind();
  if (kind === SuggestionKind.Remove) return "";
  const text = suggestion.get_replacement_text();
  return kind === SuggestionKind.InsertAfter ? problem + text : text;
};

let linter: Promise<LocalLinter> | undefined;

/** This thread's harper linter: loading the WebAssembly takes over a second, so it is made once. */
const getLinter = () => {
  linter ??= (async () => {
    const binary = createBinaryModuleFromUrl(pathToFileURL(bundledFilePath(harperWasmPath)).href, "full");
    const instance = new LocalLinter({ binary, dialect: Dialect.American });
    await instance.setup();
    return instance;
  })();
  return linter;
};

// Longer than any word of English (the longest in a dictionary has 45 letters). harper's
// WebAssembly panics on a run of thousands of letters ("capacity overflow"), and a linter that has
// panicked fails every later call: such runs are blanked before linting, and are never words.
const LONGEST_WORD = 60;
const OVERLONG_RUN = new RegExp(`\\S{${LONGEST_WORD + 1},}`, "g");

/** `text` with every overlong run of non-spaces blanked, so every finding's offsets still hold. */
const blankOverlongRuns = (text: string) => text.replace(OVERLONG_RUN, (run) => " ".repeat(run.length));

const lintWithFreshLinterOnFailure = async (text: string) => {
  const instance = await getLinter();
  try {
    return await instance.lint(text, { language: "plaintext" });
  } catch (error) {
    // A WebAssembly panic leaves the instance unusable: the next call loads a new one.
    linter = undefined;
    throw error;
  }
};

/** Harper's findings for `text`, on the calling thread: the server calls it only inside its worker. */
export const lintOnThisThread = async (text: string): Promise<HarperFinding[]> => {
  const lints = await lintWithFreshLinterOnFailure(blankOverlongRuns(text));
  return lints.map((lint) => {
    const span = lint.span();
    const suggestions = lint.suggestions();
    const problem = lint.get_problem_text();
    const finding: HarperFinding = {
      start: span.start,
      end: span.end,
      problem,
      kind: lint.lint_kind(),
      message: lint.message(),
      replacements: suggestions.map((s) => replacementFor(problem, s)),
    };
    for (const s of suggestions) s.free();
    span.free();
    lint.free();
    return finding;
  });
};
