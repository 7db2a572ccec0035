// Which sentences speak of the person the program honors, and the rewrites allowed only there.
// Rewording "died" or "passed away" is for that person alone: "Her husband Walter died in 1998" is a
// fact about someone else and stays as the family wrote it. A sentence counts as being about the
// honored person only when that is clear from its first words.
import { mapProseSentences, splitParagraphs, splitSentences } from "./text-rules";

const KIN =
  "mom|mum|mother|mama|momma|dad|father|papa|grandma|grandmother|grandpa|grandfather|nana|granny|gran";

// "Mom", "Our beloved mother", "My dad": the family's own word for the person.
const KIN_REFERENCE = new RegExp(`^(?:(?:our|my)\\s+(?:(?:beloved|dear|dearest)\\s+)?)?(?:${KIN})\\b`, "i");

// Capitalised words that open a sentence without naming anyone: pronouns, determiners, everyday
// openers. A first sentence opening with one of these names nobody the rules may reword.
const NOT_A_NAME = new Set(
  `a an the her his their our my its we i it they this that these those there here he she you me us them
  everyone everybody someone somebody nobody no none all many some each every family friends people
  life love today yesterday tomorrow after before on in at with when while since for from as if once now
  then so and but or yet words memories god heaven`
    .split(/\s+/)
    .filter((word) => word !== ""),
);

const FIRST_WORD = /^\p{Lu}[\p{L}'’-]*/u;

/** How the text refers to the person it is about: the first sentence's subject ("mom", "margaret"). */
const honoredPersonOf = (text: string): string | undefined => {
  const first = splitSentences(splitParagraphs(text)[0] ?? "")[0] ?? "";
  const kin = first.match(KIN_REFERENCE)?.[0];
  if (kin) return kin.toLowerCase();
  const word = first.match(FIRST_WORD)?.[0];
  return word && !NOT_A_NAME.has(word.toLowerCase()) ? word.toLowerCase() : undefined;
};

const startsWithReference = (sentence: string, reference: string) =>
  sentence.toLowerCase().startsWith(reference) && !/^[\p{L}'’-]/u.test(sentence.slice(reference.length));

const PRONOUN_START = /^(?:she|he)\b/i;

/**
 * Rewrites the sentences about the honored person: those opening with the text's own reference to
 * them, or with "She"/"He" right after a sentence that did. `rewrite` gets the reference too.
 */
const mapSentencesAboutHonoredPerson = (
  text: string,
  rewrite: (sentence: string, reference: string) => string,
  /** Called with every other sentence, so a rewrite that counts runs of sentences can reset. */
  onOtherSentence: () => void = () => {},
) => {
  const reference = honoredPersonOf(text);
  if (reference === undefined) return text;
  let previousWasAbout = false;
  return mapProseSentences(text, (sentences) =>
    sentences.map((sentence) => {
      previousWasAbout =
        startsWithReference(sentence, reference) || (previousWasAbout && PRONOUN_START.test(sentence));
      if (previousWasAbout) return rewrite(sentence, reference);
      onOtherSentence();
      return sentence;
    }),
  );
};

// "died of cancer" cannot become "left us of cancer": the cause stays in the family's words.
const PASSING =
  /^((?:[^\s.;:!?]+\s+){1,8}?(?:\p{Ll}+ly\s+)?)(?:passed away|passed on|died)\b(?!\s+(?:of|from)\b)/iu;

/**
 * "Mom died in her sleep" → "Mom left us in her sleep", only in sentences about the honored person and
 * only where the verb follows their name, kinship word or pronoun directly (an adverb may come between).
 */
export const rewordOwnPassing = (text: string, wording: string) =>
  mapSentencesAboutHonoredPerson(text, (sentence, reference) =>
    sentence.replace(PASSING, (match, lead: string) =>
      isJustTheSubject(lead, reference) ? `${lead}${wording}` : match,
    ),
  );

// What may follow the reference in the subject: more of the name, an age, "of" a place.
const NAME_PART = /^(?:\p{Lu}[\p{L}'’.-]*,?|\d{1,3},?|of|,)$/u;

/**
 * "Mom ", "She ", "Walter Smith, 88, of Dayton, ", "Our mother peacefully ": the subject alone, with
 * nobody else ("Mom and Dad", "Mom, who nursed Walter,") before the verb.
 */
const isJustTheSubject = (lead: string, reference: string) => {
  const subject = lead.trim().replace(/,?\s+\p{Ll}+ly$/u, "");
  if (/^(?:she|he)$/i.test(subject)) return true;
  if (!startsWithReference(subject, reference)) return false;
  const rest = subject.slice(reference.length).trim();
  return rest === "" || rest.split(/\s+/).every((part) => NAME_PART.test(part));
};

// Titles and family words before a first name: "Pastor James Whitfield" is "James" in a sentence.
const TITLE =
  /^(?:pastor|reverend|rev\.?|dr\.?|mr\.?|mrs\.?|ms\.?|aunt|uncle|grandma|grandpa|nana|father|sister|brother|judge|captain)$/i;

/**
 * The first name of the full name the first sentence opens with ("Harold" in "Harold James Bennett,
 * 87, died"). Only a name of two or more capitalised words counts: a single capitalised word may be
 * an ordinary word, and putting it in place of "He" would name the wrong one.
 */
const firstNameOf = (text: string) => {
  const first = splitSentences(splitParagraphs(text)[0] ?? "")[0] ?? "";
  if (honoredPersonOf(text) === undefined || KIN_REFERENCE.test(first)) return undefined;
  const words = first.match(/^(?:\p{Lu}[\p{L}'’.-]*\s+)*\p{Lu}[\p{L}'’-]*/u)?.[0].split(/\s+/) ?? [];
  return words.length >= 2 ? words.find((word) => !TITLE.test(word)) : undefined;
};

/**
 * "He was born… He served… He was preceded…" → every second sentence in a row opening with the
 * pronoun opens with the first name instead ("Harold served…"), only where each is about the
 * honored person.
 */
export const varyRepeatedPronoun = (text: string) => {
  const name = firstNameOf(text);
  if (!name) return text;
  let run = 0;
  return mapSentencesAboutHonoredPerson(
    text,
    (sentence) => {
      const pronoun = sentence.match(PRONOUN_START)?.[0];
      run = pronoun ? run + 1 : 0;
      if (!pronoun || run < 2) return sentence;
      run = 0;
      return name + sentence.slice(pronoun.length);
    },
    () => {
      run = 0;
    },
  );
};
