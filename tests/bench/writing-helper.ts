// Offline writing helper latency: harper.js loading its WebAssembly (once per process), the first
// grammar check, a warm check of a typical paragraph and of a long text, and the other three calls.
// The model path is not measured: its time is the model's.
// Run: bun tests/bench/writing-helper.ts
import { checkGrammarOffline } from "../../src/server/writing/offline-grammar";
import { createOfflineProvider } from "../../src/server/writing/offline-provider";
import { templateDetailsSchema } from "../../src/shared/writing";
import { medianTime } from "../support/measure";

const PARAGRAPH =
  "Margaret was born in Dayton, Ohio in 1931 and grew up the youngest of five. She loved her garden and there roses was the pride of the street. She taught for 32 years at Lincoln Elementary and alot of her students still write to us. Their is no one who didnt feel welcome in her kitchen, and she never once forgot a birthday.";
const LONG_TEXT = Array.from({ length: 25 }, () => PARAGRAPH).join("\n\n"); // about 9,000 characters

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

const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
const row = (label: string, value: string, note = "") => console.log(`  ${label.padEnd(48)}${value}${note}`);
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
row(
  "process memory after loading harper",
  `${(process.memoryUsage().rss / 1e6).toFixed(0)} MB RSS`.padStart(10),
);
