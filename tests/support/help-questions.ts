// The labelled help questions (fixtures/help-questions) put to the Support Assistant's offline
// answer: which article each answer links, and the share answered by the right one (top-1).

import fixture from "../../fixtures/help-questions/questions.json";
import { createOfflineAnswerer } from "../../src/server/chatbot/answerer";
import { createHelpCentre } from "../../src/server/help/help-centre";

/** A question and the article (slug) that answers it; null when none does and a person should. */
export type HelpQuestion = { q: string; slug: string | null };

export const HELP_QUESTIONS: readonly HelpQuestion[] = fixture.questions;

/** The help article an answer links to, or null for "I don't know" (it links Contact us instead). */
export const answeredSlug = (articleUrl: string | undefined) => {
  const anchor = articleUrl?.match(/^\/support#([a-z0-9-]+?)--/)?.[1];
  return anchor ?? null;
};

export const evaluateHelpQuestions = async (questions: readonly HelpQuestion[] = HELP_QUESTIONS) => {
  const answer = createOfflineAnswerer(createHelpCentre());
  const misses: { q: string; want: string | null; got: string | null }[] = [];
  for (const { q, slug } of questions) {
    const got = answeredSlug((await answer(q, {})).metadata.article?.url);
    if (got !== slug) misses.push({ q, want: slug, got });
  }
  return { total: questions.length, correct: questions.length - misses.length, misses };
};
