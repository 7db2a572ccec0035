// A last check on text a model wrote: every number and every capitalised word in the middle of a
// sentence (names, places, months) must come from what the family gave us. A model that adds a fact
// is not trusted for that answer.

const NUMBER_WORDS = new Set(
  "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand dozen".split(
    " ",
  ),
);

// Before a word that starts a sentence or a quotation, where any word is capitalised.
const SENTENCE_START = /(?:^|[.!?:;]["'’”)]*\s+|\n\s*|["“(‘]\s*)$/;

const baseOf = (word: string) => word.toLowerCase().replace(/['’]s?$/, "");

const wordsOf = (text: string) => [...text.matchAll(/\p{L}[\p{L}'’]*/gu)];

/** The facts in `output` that appear nowhere in `sources`, e.g. ["Boston", "1952"]; empty when none. */
export const findInventedFacts = (sources: readonly string[], output: string): string[] => {
  const source = sources.join("\n");
  const knownWords = new Set(wordsOf(source).map((m) => baseOf(m[0])));
  const knownNumbers = new Set(source.match(/\d+/g) ?? []);
  const invented = new Set<string>();
  for (const [number] of output.matchAll(/\d+/g)) if (!knownNumbers.has(number)) invented.add(number);
  for (const match of wordsOf(output)) {
    const word = match[0];
    const base = baseOf(word);
    if (knownWords.has(base)) continue;
    if (NUMBER_WORDS.has(base)) {
      invented.add(word);
      continue;
    }
    const capitalised = /^\p{Lu}/u.test(word) && base !== "i" && !/^I['’]/.test(word);
    if (capitalised && !SENTENCE_START.test(output.slice(0, match.index))) invented.add(word);
  }
  return [...invented];
};
