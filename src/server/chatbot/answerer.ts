import { type ChatContext, type ChatMetadata, SUPPORT_EMAIL } from "../../shared/chatbot";
import type { HelpCentre, HelpSection } from "../help/help-centre";
import { looksLikeError, matchKnownError } from "./error-catalogue";

export type SupportAnswer = { content: string; metadata: ChatMetadata };

/** Answers a question to the Support Assistant; offline from the help articles, or by a model. */
export type SupportAnswerer = (question: string, context: ChatContext) => Promise<SupportAnswer>;

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

const DONT_KNOW = `I'm sorry, I don't know the answer to that, and I'd rather not guess. You could search our help centre (the More Help button), or write to ${SUPPORT_EMAIL} and a person will get back to you.`;

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
  async (question) => {
    const errorAnswer = knownErrorAnswer(question, help);
    if (errorAnswer) return errorAnswer;
    const [best, ...more] = help.search(question, 4);
    if (!best) return { content: DONT_KNOW, metadata: { confidence: 0 } };
    return {
      content: `From our help article "${best.articleTitle}":\n\n${quote(best.text)}`,
      metadata: {
        confidence: 0.8,
        article: articleLink(best),
        suggestedActions: more.map((s) => s.heading).slice(0, 3),
      },
    };
  };
