// A last check on text a model wrote: every number and every capitalised word in the middle of a
// sentence (names, places, months) must come from what the family gave us. A model that adds a fact
// is not trusted for that answer. Capitalised common words that add no fact ("the Lord" in a text
// about faith, "Mother" for "mom", "March" for a date written 3/3/2024) do not count as added facts.

const NUMBER_WORDS = new Set(
  "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand dozen".split(
    " ",
  ),
);

const RELIGIOUS = new Set(
  "lord god heaven savior saviour creator almighty jesus christ bible scripture scriptures psalm psalms amen church faith prayer pray prayed gospel".split(
    " ",
  ),
);
const KINSHIP = new Set(
  "mom mum mother mama dad father papa grandma grandmother grandpa grandfather nana granny".split(" "),
);
const MONTHS = new Set(
  "january february march april may june july august september october november december".split(" "),
);

/** Common words a model may capitalise, allowed when the family's text already speaks of the same thing. */
const isCapitalisedCommonWord = (base: string, knownWords: ReadonlySet<string>, source: string) => {
  const mentions = (group: ReadonlySet<string>) => [...knownWords].some((word) => group.has(word));
  if (RELIGIOUS.has(base)) return mentions(RELIGIOUS);
  if (KINSHIP.has(base)) return mentions(KINSHIP);
  // A month spelled out from a numeric date ("3/3/2024" → "March 3, 2024"); its numbers are still checked.
  if (MONTHS.has(base)) return /\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}/.test(source);
  return false;
};

// Where any word is capitalised: the text's start, after a sentence's end, a new line, an opening
// quotation or bracket, or a list marker. Found in one pass, so the check stays linear in the text.
const SENTENCE_STARTS = /(?:^|[.!?:;]["'’”)]*\s+|\n\s*(?:[-•*]\s+|\d+[.)]\s+)?|["“(‘]\s*)(?=\p{L})/gu;

const sentenceStartsOf = (text: string) =>
  new Set([...text.matchAll(SENTENCE_STARTS)].map((m) => m.index + m[0].length));

// Accents are folded: giving "zoe" the program's spelling "Zoë" adds no fact.
const baseOf = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]s?$/, "");

const wordsOf = (text: string) => [...text.matchAll(/\p{L}[\p{L}'’]*/gu)];

/** The facts in `output` that appear nowhere in `sources`, e.g. ["Boston", "1952"]; empty when none. */
export const findInventedFacts = (sources: readonly string[], output: string): string[] => {
  const source = sources.join("\n");
  const knownWords = new Set(wordsOf(source).map((m) => baseOf(m[0])));
  const knownNumbers = new Set(source.match(/\d+/g) ?? []);
  const sentenceStarts = sentenceStartsOf(output);
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
    if (!capitalised || sentenceStarts.has(match.index)) continue;
    if (!isCapitalisedCommonWord(base, knownWords, source)) invented.add(word);
  }
  return [...invented];
};
