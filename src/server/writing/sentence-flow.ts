// Rhythm for enhancement: short, choppy sentences are joined and a repeated subject is dropped.
// Both keep every word that says who did what: only a full stop, a capital or a repeated
// pronoun go.
import { mapProseSentences, wordCount } from "./text-rules";

const SHORT_SENTENCE_WORDS = 6;
const PRONOUN_OPENING = /^(She|He|They|We|It)\s/;

const isShortPlainStatement = (sentence: string) =>
  wordCount(sentence) <= SHORT_SENTENCE_WORDS && /[^.]\.$/.test(sentence) && !/[,;:"“”]/.test(sentence);

/**
 * "Dad liked fishing. He was kind." → "Dad liked fishing, and he was kind.": two short statements in a
 * row, the second opening with a pronoun (never a name, which must keep its capital), become one.
 */
export const joinChoppySentences = (text: string) =>
  mapProseSentences(text, (sentences) => {
    const joined: string[] = [];
    for (let i = 0; i < sentences.length; i++) {
      const current = sentences[i] as string;
      const next = sentences[i + 1];
      if (
        next &&
        isShortPlainStatement(current) &&
        isShortPlainStatement(next) &&
        PRONOUN_OPENING.test(next)
      ) {
        joined.push(`${current.slice(0, -1)}, and ${next[0]?.toLowerCase()}${next.slice(1)}`);
        i++;
      } else {
        joined.push(current);
      }
    }
    return joined;
  });

// Words after which a second "he" might be someone else, or the clause's meaning hangs on it.
const CHANGES_SUBJECT =
  /\b(?:he|she|they|we|i|you|it|who|whom|that|which|because|when|while|if|after|before|until|since|as|but|or|so|said|told|asked|knew|thought)\b/i;

/**
 * "He worked at the mill and he had many friends" → "He worked at the mill and had many friends":
 * only when nothing between the two could make the second pronoun someone else.
 */
export const dropRepeatedSubject = (text: string) =>
  mapProseSentences(text, (sentences) =>
    sentences.map((sentence) => {
      const pronoun = sentence.match(PRONOUN_OPENING)?.[1];
      if (!pronoun) return sentence;
      const repeat = new RegExp(`\\s+and\\s+${pronoun}\\s+`, "i");
      const found = sentence.slice(pronoun.length).match(repeat);
      if (!found || found.index === undefined) return sentence;
      const between = sentence.slice(pronoun.length, pronoun.length + found.index);
      if (CHANGES_SUBJECT.test(between) || /[,;:]|\s\p{Lu}/u.test(between)) return sentence;
      const at = pronoun.length + found.index;
      return `${sentence.slice(0, at)} and ${sentence.slice(at + found[0].length)}`;
    }),
  );
