import { planBooklet } from "../../print/booklet/plan-booklet";
import { type ChatContext, type ChatMetadata, SUPPORT_EMAIL } from "../../shared/chatbot";
import type { ProgramInput } from "../../shared/schemas";
import type { HelpCentre, HelpSection } from "../help/help-centre";
import { looksLikeError, matchKnownError } from "./error-catalogue";

export type SupportAnswer = { content: string; metadata: ChatMetadata };

/** What the assistant knows of the program a chat was opened from (its owner's own, never another's). */
export type ProgramFacts = { name: string; pages: number; reasons: string[] };

/**
 * Answers a question to the Support Assistant; offline from the help articles, or by a model.
 * `program` is the program the chat was opened from, when the person asking owns it.
 */
export type SupportAnswerer = (
  question: string,
  context: ChatContext,
  program?: ProgramFacts,
) => Promise<SupportAnswer>;

/** The page count and its reasons from the same print plan the preview and the PDF follow. */
export const programFacts = (program: ProgramInput): ProgramFacts => {
  const plan = planBooklet(program);
  return {
    name: program.preferredName.trim() || program.fullName.trim(),
    pages: plan.pages.length,
    reasons: plan.checks.map((check) => check.message),
  };
};

// "why is my PDF 12 pages", "how many pages will it print", "page count", "too many pages"
const ASKS_ABOUT_PAGES =
  /\b(how many|number of|count|why|extra|more|fewer|less|too many)\b.*\bpages?\b|\bpages?\b.*\b(count|added|extra|many)\b|\b\d+\s*pages?\b/i;

/** About this program's length: its page count from the print plan, and what the plan says of it. */
export const programPagesAnswer = (question: string, program: ProgramFacts): SupportAnswer | undefined => {
  if (!ASKS_ABOUT_PAGES.test(question)) return undefined;
  const whose = program.name ? `${program.name}'s program` : "This program";
  const reasons = program.reasons.length
    ? `Here is what the print check says about it:\n\n${program.reasons.map((r) => `- ${r}`).join("\n")}`
    : "Everything fits, with nothing added or left out.";
  return {
    content: `${whose} prints as ${program.pages} pages. A folded booklet always has a multiple of four pages (at least 8, or 4 when you choose a 4-page booklet on the Design tab), so long text continues on added pages rather than being cut. ${reasons}\n\nThe print check beside the preview shows the same, and changes as you edit.`,
    metadata: { confidence: 0.9 },
  };
};

const MAX_QUOTE_CHARS = 700;

const quote = (text: string) => {
  if (text.length <= MAX_QUOTE_CHARS) return text;
  const cut = text.lastIndexOf("\n", MAX_QUOTE_CHARS);
  return `${text.slice(0, cut > 200 ? cut : MAX_QUOTE_CHARS).trim()}\n\n...`;
};

export const articleLink = (section: HelpSection) => ({
  title: `${section.articleTitle}: ${section.heading}`,
  url: section.url,
});

/** Where a person answers: the help centre's Contact us, with the same address and promise. */
const CONTACT_LINK = { title: "Contact us", url: "/support#contact" };

/** When no article answers the question: said plainly, with the way to a person, never a guess. */
export const dontKnowAnswer = (): SupportAnswer => ({
  content: `I'm sorry, I don't know the answer to that, and I'd rather not guess. A person can help: write to ${SUPPORT_EMAIL} and someone from our team will reply, usually within one working day. You can also look through the help centre (More Help, below).`,
  metadata: { confidence: 0, article: CONTACT_LINK },
});

export const knownErrorAnswer = (question: string, help: HelpCentre): SupportAnswer | undefined => {
  if (!looksLikeError(question)) return undefined;
  const status = Number(question.match(/\b([45]\d\d)\b/)?.[1]) || undefined;
  const match = matchKnownError(question, status);
  if (match.errorType === "unknown_error") return undefined;
  const article = help.sections.find((s) => s.slug === match.articleSlug);
  return {
    content: `I'm sorry you ran into that. ${match.suggestedFix}`,
    metadata: {
      errorType: match.errorType,
      suggestedFix: match.suggestedFix,
      confidence: match.confidence,
      ...(article ? { article: articleLink(article) } : {}),
    },
  };
};

/** Answers from the help articles: the best section, quoted and linked, or a plain "I don't know". */
export const createOfflineAnswerer =
  (help: HelpCentre): SupportAnswerer =>
  async (question, _context, program) => {
    const errorAnswer = knownErrorAnswer(question, help);
    if (errorAnswer) return errorAnswer;
    const aboutProgram = program && programPagesAnswer(question, program);
    if (aboutProgram) return aboutProgram;
    const [best, ...more] = help.search(question, 4);
    if (!best) return dontKnowAnswer();
    return {
      content: `From our help article "${best.articleTitle}":\n\n${quote(best.text)}`,
      metadata: {
        confidence: 0.8,
        article: articleLink(best),
        suggestedActions: more.map((s) => s.heading).slice(0, 3),
      },
    };
  };
