// Offline proofreading over the whole fixture set (fixtures/proofreading): detection is the share of
// sentences with a known error that come back exactly as expected; a false alarm is a correct sentence
// that gets any issue, unknown word or change. Goal: ≥ 85% found and ≤ 3% false alarms.
// Run: bun tests/bench/proofreading.ts
import correct from "../../fixtures/proofreading/correct.json";
import errors from "../../fixtures/proofreading/errors.json";
import { checkGrammarOffline } from "../../src/server/writing/offline-grammar";

type Fixture = { kind?: string; text: string; expected?: string; names?: string[] };

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

const byKind = new Map<string, { found: number; total: number }>();
const missed: string[] = [];
for (const fixture of errors as Fixture[]) {
  const check = await checkGrammarOffline(fixture.text, fixture.names ?? []);
  const kind = byKind.get(fixture.kind ?? "other") ?? { found: 0, total: 0 };
  kind.total++;
  if (check.improvedText === fixture.expected) kind.found++;
  else missed.push(`  missed: ${JSON.stringify(fixture.text)} → ${JSON.stringify(check.improvedText)}`);
  byKind.set(fixture.kind ?? "other", kind);
}
const alarms: string[] = [];
for (const fixture of correct as Fixture[]) {
  const check = await checkGrammarOffline(fixture.text, fixture.names ?? []);
  if (check.grammarIssues.length > 0 || check.unknownWords.length > 0 || check.improvedText !== fixture.text)
    alarms.push(`  false alarm: ${JSON.stringify(fixture.text)} → ${JSON.stringify(check.improvedText)}`);
}

const found = [...byKind.values()].reduce((sum, k) => sum + k.found, 0);
console.log(`proofreading: ${errors.length} sentences with errors, ${correct.length} correct`);
for (const [kind, k] of byKind) console.log(`  ${kind.padEnd(13)} ${k.found}/${k.total}`);
for (const line of [...missed, ...alarms]) console.log(line);
console.log(`detection: ${percent(found, errors.length)} (goal ≥ 85%)`);
console.log(`false alarms: ${percent(alarms.length, correct.length)} (goal ≤ 3%)`);
process.exit(found / errors.length >= 0.85 && alarms.length / correct.length <= 0.03 ? 0 : 1);
