// The names a program holds (the person's full and preferred name, officiant, pallbearers, tribute
// authors, people in service items, places) are the family's to spell. The checker and every rewrite
// compare words with them in any case and with or without accents: "zoe" is the program's "Zoë",
// never "zone".

/** "Zoë" → "zoe", "RENÉE" → "renee": the form two spellings of one name share. */
const foldName = (word: string) =>
  word
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’]s$/, "");

const NAME_WORD = /\p{L}[\p{L}\p{M}'’-]*/gu;

export type ProgramWords = {
  /** The program's own spelling of a word that is one of its names, such as "Zoë" for "zoe". */
  spellingOf(word: string): string | undefined;
  /** The program's name words, each once, as the program spells them. */
  all(): string[];
};

/** The program's names, word by word; a word the program writes in lower case ("van", "de") is kept too. */
export const programWords = (names: readonly string[]): ProgramWords => {
  const byFold = new Map<string, string>();
  for (const name of names) {
    for (const [word] of name.matchAll(NAME_WORD)) {
      const spelling = word.replace(/['’]s$/, "");
      const folded = foldName(spelling);
      // The first capitalised spelling wins: "Zoë" in the full name over "zoe" typed in a tribute's author.
      const known = byFold.get(folded);
      if (
        folded.length > 1 &&
        (known === undefined || (!/^\p{Lu}/u.test(known) && /^\p{Lu}/u.test(spelling)))
      )
        byFold.set(folded, spelling);
    }
  }
  return {
    spellingOf: (word) => byFold.get(foldName(word)),
    all: () => [...byFold.values()],
  };
};

/**
 * The program's name words in `text` that are missing from `rewrite`, e.g. ["Zoë"]: a rewrite that
 * drops or respells a name is not given to the family.
 */
export const namesLostIn = (text: string, rewrite: string, words: ProgramWords) => {
  const present = (source: string) =>
    new Set(
      [...source.matchAll(NAME_WORD)]
        .map(([w]) => w.replace(/['’]s$/, ""))
        .filter((w) => words.spellingOf(w)),
    );
  const after = present(rewrite);
  return [...present(text)].filter((word) => !after.has(word) && !after.has(words.spellingOf(word) ?? word));
};
