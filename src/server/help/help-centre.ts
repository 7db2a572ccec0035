import { lexer, parser, type Token, type Tokens } from "marked";
import MiniSearch from "minisearch";
import { HELP_ARTICLE_SOURCES } from "../../../docs/help/index";
import type { HelpArticle, HelpSearchHit } from "../../shared/chatbot";
import { questionTerm, questionTerms, questionWords } from "./question-words";

/** One `##` section of an article: the unit the assistant quotes and links to. */
export type HelpSection = {
  id: string;
  slug: string;
  articleTitle: string;
  summary: string;
  heading: string;
  /** The section as plain text, for the answer and the model's grounding. */
  text: string;
  /** How people describe the problems this section answers, from its `<!-- asked: ... -->` note. */
  asked: string;
  url: string;
};

const plain = (tokens: Token[]) =>
  tokens
    .map((t) => ("text" in t && typeof t.text === "string" ? t.text : t.raw))
    .join("\n")
    .replace(/\*\*|`/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

const headingId = (slug: string, heading: string) =>
  `${slug}--${heading
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

// An article's note of how people ask for a section, in their words: searched, never shown.
const ASKED = /^<!--\s*asked:([\s\S]*?)-->\s*$/;
const askedNote = (token: Token) => (token.type === "html" ? ASKED.exec(token.raw.trim())?.[1] : undefined);

const parseArticle = ({ slug, markdown }: { slug: string; markdown: string }) => {
  const allTokens = lexer(markdown);
  const tokens = allTokens.filter((t) => askedNote(t) === undefined);
  const title = (
    tokens.find((t): t is Tokens.Heading => t.type === "heading" && t.depth === 1)?.text ?? slug
  ).trim();
  const summary = (tokens.find((t): t is Tokens.Paragraph => t.type === "paragraph")?.text ?? "").trim();
  const sections: HelpSection[] = [];
  let current: { heading: string; tokens: Token[]; asked: string[] } | undefined;
  const flush = () => {
    if (!current) return;
    const id = headingId(slug, current.heading);
    sections.push({
      id,
      slug,
      articleTitle: title,
      summary,
      heading: current.heading,
      text: plain(current.tokens),
      asked: current.asked.join(" "),
      url: `/support#${id}`,
    });
  };
  for (const token of allTokens) {
    const asked = askedNote(token);
    if (token.type === "heading" && token.depth === 2) {
      flush();
      current = { heading: (token as Tokens.Heading).text, tokens: [], asked: [] };
    } else if (asked !== undefined) current?.asked.push(asked.trim());
    else if (current) current.tokens.push(token);
  }
  flush();
  // Headings get ids so the assistant's links land on the section it quoted.
  const body = tokens.filter((t) => !(t.type === "heading" && t.depth === 1) && t.raw.trim() !== summary);
  const html = parser(body).replace(/<h2>(.*?)<\/h2>/g, (_, text: string) => {
    const id = headingId(slug, text.replace(/<[^>]+>/g, ""));
    return `<h2 id="${id}">${text}</h2>`;
  });
  return { article: { slug, title, summary, html } satisfies HelpArticle, sections };
};

/** The help articles, parsed once, with a full-text index over their sections. */
export const createHelpCentre = (sources = HELP_ARTICLE_SOURCES) => {
  const parsed = sources.map(parseArticle);
  const articles = parsed.map((p) => p.article);
  const sections = parsed.flatMap((p) => p.sections);
  const byId = new Map(sections.map((s) => [s.id, s]));
  const index = new MiniSearch<HelpSection>({
    fields: ["articleTitle", "heading", "text", "asked"],
    storeFields: ["id"],
    tokenize: questionWords,
    processTerm: questionTerm,
    searchOptions: {
      boost: { heading: 3, articleTitle: 2, asked: 2 },
      prefix: (term) => term.length >= 4,
      fuzzy: (term) => (term.length >= 6 ? 0.2 : false),
    },
  });
  index.addAll(sections);

  /**
   * Sections about the query, best first: the section that matches more of the question's words
   * wins over one that matches a single rare word often, so "my PDF has no photos" finds the
   * section about photos missing from a PDF, not any section that says "photo" many times. A
   * section must match at least half of the question's meaningful words (both of two), so a
   * question the articles do not cover finds nothing instead of a near miss.
   */
  const search = (query: string, limit = 5): HelpSection[] => {
    const words = questionTerms(query);
    if (words.size === 0) return [];
    const needed = words.size === 2 ? 2 : Math.ceil(words.size / 2);
    return index
      .search(query)
      .filter((r) => r.queryTerms.length >= needed)
      .sort((a, b) => b.queryTerms.length - a.queryTerms.length || b.score - a.score)
      .slice(0, limit)
      .map((r) => byId.get(String(r.id)))
      .filter((s): s is HelpSection => s !== undefined);
  };

  const toHit = (s: HelpSection): HelpSearchHit => ({
    slug: s.slug,
    title: s.articleTitle,
    summary: s.summary,
    section: s.heading,
    url: s.url,
    excerpt: s.text.length > 240 ? `${s.text.slice(0, 237)}...` : s.text,
  });

  return {
    articles,
    sections,
    search,
    searchHits: (query: string, limit?: number) => search(query, limit).map(toHit),
  };
};

export type HelpCentre = ReturnType<typeof createHelpCentre>;
