const BUILDER_TABS = ["content", "ai-writing", "design", "export"] as const;
export type BuilderTab = (typeof BUILDER_TABS)[number];

/** The builder's query parameters: tab, focus and example=true. */
export type BuilderSearch = { tab?: BuilderTab; focus?: string; example?: boolean };

export const parseBuilderSearch = (search: Record<string, unknown>): BuilderSearch => {
  const tab = BUILDER_TABS.find((t) => t === search.tab);
  const focus = typeof search.focus === "string" && search.focus ? search.focus : undefined;
  const example = search.example === true || search.example === "true" ? true : undefined;
  return { ...(tab && { tab }), ...(focus && { focus }), ...(example && { example }) };
};
