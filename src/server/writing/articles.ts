// "a" or "an" by how the next word sounds: a rewrite that puts "immensely" after "a" must also
// change the article, or the family gets "a immensely proud grandmother".

// Vowel letters that sound like a consonant ("a unique", "a one-time", "a European").
const CONSONANT_SOUND = /^(?:uni|use|usu|ura|uro|uti|eu|ewe|one\b|once\b)/i;
// A silent "h" ("an honest", "an hour").
const VOWEL_SOUND_H = /^(?:hour|honest|honor|honour|heir)/i;

const articleFor = (word: string): "a" | "an" => {
  if (VOWEL_SOUND_H.test(word)) return "an";
  if (CONSONANT_SOUND.test(word)) return "a";
  return /^[aeiou]/i.test(word) ? "an" : "a";
};

/** `article` ("a", "An") changed to fit `nextWord`, keeping its capital. */
export const agreeingArticle = (article: string, nextWord: string) => {
  const fitting = articleFor(nextWord);
  return /^A/.test(article) ? fitting.replace(/^a/, "A") : fitting;
};
