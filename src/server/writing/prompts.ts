import type { AiTone, TemplateType } from "../../shared/constants";
import type { GrammarIssue } from "./offline-grammar";

export const SYSTEM_PROMPT = `You help grieving families write the text of a printed memorial (funeral) program.
Rules you must never break:
1. Never invent facts. Do not add any name, place, date, number, age, cause of death, family member, relationship, event, achievement, religious reference or quotation that is not in the user's input. When something seems missing, say so in "suggestions" instead of writing it.
2. Keep every name exactly as the user spelled it.
3. Write plain, dignified American English that reads well in print and aloud.
4. Answer with one JSON object and nothing else, with exactly these keys:
{"improvedText": string, "grammarIssues": [{"issue": string, "correction": string, "explanation": string}], "suggestions": [string], "confidence": number from 0 to 1}
"confidence" is how sure you are that improvedText is correct and faithful to the input.`;

const TONE_WORDS: Record<AiTone, string> = {
  formal: "formal: dignified, respectful and measured, without contractions or casual words",
  heartfelt: "heartfelt: warm, personal and loving, from the family's heart",
  celebratory: "celebratory: joyful and grateful, celebrating the life that was lived",
  peaceful: "peaceful: calm, gentle and comforting, with short quiet sentences",
};

const TEMPLATE_WORDS: Record<TemplateType, string> = {
  life_reflection: "a life reflection (a few paragraphs about the person's life, in the third person)",
  tribute: "a personal tribute (in the first person, from someone who loved them)",
  obituary: "an obituary (a short notice of the death and the life, in the third person)",
  service_message: "a welcome message printed in the service program, addressed to the guests",
};

const quoted = (text: string) => `Text:\n<<<\n${text}\n>>>`;

/** The program's names, so the model keeps them even where they are typed in lower case. */
const namesLine = (names: readonly string[] = []) =>
  names.length > 0
    ? [
        `These are names of people and places in this program: ${JSON.stringify(names)}. Never change, translate or "correct" them, in any case or spelling; you may only capitalise one or give it the accents the list shows.`,
      ]
    : [];

export const grammarPrompt = (text: string, found: readonly GrammarIssue[], names?: readonly string[]) =>
  [
    "Task: correct grammar, spelling and punctuation only; keep the wording otherwise. List every correction in grammarIssues.",
    found.length > 0
      ? `A rule-based checker already found these; verify them, keep names as written, and add what it missed: ${JSON.stringify(found)}`
      : "A rule-based checker found nothing; look for what it missed.",
    ...namesLine(names),
    quoted(text),
  ].join("\n");

export const enhancePrompt = (text: string, context: string, names?: readonly string[]) =>
  [
    `Task: improve the clarity, flow and warmth of this text for the ${context || "text"} section of a memorial program.`,
    "Keep its meaning, every fact and the writer's voice. Put advice on what the family could add in suggestions.",
    ...namesLine(names),
    quoted(text),
  ].join("\n");

export const tonePrompt = (text: string, tone: AiTone, names?: readonly string[]) =>
  [
    `Task: rewrite this text in a ${TONE_WORDS[tone]} tone. Keep every fact and name.`,
    ...namesLine(names),
    quoted(text),
  ].join("\n");

export const templatePrompt = (type: TemplateType, details: object, tone: AiTone) =>
  [
    `Task: write ${TEMPLATE_WORDS[type]} in a ${TONE_WORDS[tone]} tone, using only these details: ${JSON.stringify(details)}.`,
    "Do not add dates, places, family members or events that are not in the details; suggest what the family could add in suggestions instead. Do not use placeholders or brackets: the text must be ready to print.",
  ].join("\n");
