// Offline writing helper latency: harper.js loading its WebAssembly (once per process, in its worker),
// the first grammar check, a warm check of a typical paragraph and of a long text, the other three
// calls, and the 10 KB body of "a. a. a." that used to hold the request thread for a second.
// The model path is not measured: its time is the model's.
// Run: bun tests/bench/writing-helper.ts
import { lintOnThisThread } from "../../src/server/writing/harper-engine";
import { lintText } from "../../src/server/writing/harper-linter";
import { checkGrammarOffline } from "../../src/server/writing/offline-grammar";
import { createOfflineProvider } from "../../src/server/writing/offline-provider";
import { splitSentences, tidyText } from "../../src/server/writing/text-rules";
import { templateDetailsSchema } from "../../src/shared/writing";
import { medianTime } from "../support/measure";

const PARAGRAPH =
  "Margaret was born in Dayton, Ohio in 1931 and grew up the youngest of five. She loved her garden and there roses was the pride of the street. She taught for 32 years at Lincoln Elementary and alot of her students still write to us. Their is no one who didnt feel welcome in her kitchen, and she never once forgot a birthday.";
const LONG_TEXT = Array.from({ length: 25 }, () => PARAGRAPH).join("\n\n"); // about 9,000 characters
const SHORT_SENTENCES = "a. ".repeat(3333); // 10 KB

// The sentence rules before they were made linear, kept here as the baseline: each sentence end was
// tested against the whole text before it, so the work grew with the square of the text.
const ABBREVIATION_BEFORE =
  /(?:^|[\s(])(?:a\.m|p\.m|e\.g|i\.e|etc|vs|st|dr|mr|mrs|ms|jr|sr|rev|no)\.["'’”)]*\s+$/i;
const quadraticSplitSentences = (paragraph: string) => {
  const sentences: string[] = [];
  let start = 0;
  for (const end of paragraph.matchAll(/[.!?]+["'’”)]*\s+/g)) {
    const stop = end.index + end[0].length;
    if (ABBREVIATION_BEFORE.test(paragraph.slice(0, stop))) continue;
    sentences.push(paragraph.slice(start, stop).trim());
    start = stop;
  }
  sentences.push(paragraph.slice(start).trim());
  return sentences.filter((s) => s !== "");
};
const quadraticCapitalize = (paragraph: string) =>
  paragraph.replace(
    /(^|[.!?]["'’”)]*\s+)(\p{Ll})/gu,
    (match, lead: string, letter: string, offset: number) =>
      ABBREVIATION_BEFORE.test(paragraph.slice(0, offset + lead.length))
        ? match
        : lead + letter.toUpperCase(),
  );

/** The longest the calling thread went without running a timer while `work` ran: how long it was blocked. */
const longestStall = async (work: () => Promise<unknown>) => {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  await work();
  clearInterval(ticker);
  return Math.max(longest, performance.now() - last);
};

const provider = createOfflineProvider();
const cold = await medianTime(1, () => checkGrammarOffline(PARAGRAPH));
const warm = await medianTime(50, () => checkGrammarOffline(PARAGRAPH));
const long = await medianTime(10, () => checkGrammarOffline(LONG_TEXT));
const enhance = await medianTime(50, () =>
  provider.enhance({ text: PARAGRAPH, context: "life reflections" }),
);
const tone = await medianTime(50, () => provider.adjustTone({ text: PARAGRAPH, tone: "formal" }));
const details = templateDetailsSchema.parse({
  name: "Margaret Doyle",
  qualities: ["kind", "patient"],
  achievements: ["taught for 32 years"],
  tone: "heartfelt",
});
const template = await medianTime(200, () => provider.generateTemplate({ type: "obituary", details }));

const rulesBefore = await medianTime(5, async () => {
  quadraticSplitSentences(SHORT_SENTENCES);
  quadraticCapitalize(SHORT_SENTENCES);
});
const rulesAfter = await medianTime(5, async () => {
  splitSentences(SHORT_SENTENCES);
  tidyText(SHORT_SENTENCES);
});
const enhanceShort = await medianTime(5, () => provider.enhance({ text: SHORT_SENTENCES, context: "" }));
await lintOnThisThread("Load harper on this thread too.");
const stallOnThread = await longestStall(() => lintOnThisThread(SHORT_SENTENCES));
const stallWorker = await longestStall(() => lintText(SHORT_SENTENCES));

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const row = (label: string, value: string, note = "") => console.log(`  ${label.padEnd(52)}${value}${note}`);
console.log("writing helper, offline (median):");
row("first grammar check, harper loading included", ms(cold));
row(
  `grammar check, paragraph of ${PARAGRAPH.length} chars`,
  ms(warm),
  `  (${(cold / warm).toFixed(0)}x faster than the first)`,
);
row(`grammar check, ${LONG_TEXT.length} chars`, ms(long), `  (${(long / warm).toFixed(1)}x the paragraph)`);
row("enhance, paragraph", ms(enhance));
row("adjust tone, paragraph", ms(tone));
row("template", ms(template));
console.log(`\n10 KB of "a. " (${SHORT_SENTENCES.length} chars, 3,333 sentences):`);
row("sentence rules, before (rescanning at each end)", ms(rulesBefore));
row("sentence rules, now (linear)", ms(rulesAfter), `  (${(rulesBefore / rulesAfter).toFixed(0)}x cheaper)`);
row("whole enhance call, now", ms(enhanceShort));
row("request thread blocked by harper, on that thread", ms(stallOnThread));
row(
  "request thread blocked by harper, in its worker",
  ms(stallWorker),
  `  (${(stallOnThread / stallWorker).toFixed(0)}x less)`,
);
row(
  "process memory after loading harper",
  `${(process.memoryUsage().rss / 1e6).toFixed(0)} MB RSS`.padStart(10),
);
