// The chat's limits, apart from its schemas: the page's error reporter loads on every first visit
// and needs these numbers, not zod.
export const CHAT_LIMITS = {
  maxMessageChars: 2000,
  maxTitleChars: 120,
  maxContextTextChars: 500,
  maxErrorChars: 2000,
  maxStackChars: 8000,
  /** Messages kept per session: an older conversation loses its first messages, not its newest. */
  maxMessagesPerSession: 200,
  /** The emotional chat shows at most this many suggestions. */
  maxEmotionalSuggestions: 3,
  comfortDelayMs: 1000,
  /** The browser sends at most one automatic report per error type in this window. */
  errorReportIntervalMs: 5000,
} as const;
