// Errors we know, each with a plain fix. Matched on the message and the HTTP status of a report or
// of a message the user pastes into the chat ("I ran into an error: ...").

export type KnownErrorMatch = {
  errorType: string;
  suggestedFix: string;
  /** How sure the match is, 0 to 1: a status code is surer than a word in a message. */
  confidence: number;
  /** A fix the app applies by itself, such as reloading to fetch a newer version. */
  canAutoResolve: boolean;
  articleSlug?: string;
};

type KnownError = Omit<KnownErrorMatch, "confidence"> & {
  statuses?: readonly number[];
  pattern?: RegExp;
};

const KNOWN_ERRORS: readonly KnownError[] = [
  {
    errorType: "session_expired",
    statuses: [401],
    pattern: /\b401\b|unauthori[sz]ed|please sign in/i,
    suggestedFix:
      "You have been signed out, perhaps after a long break. Sign in again; your saved programs are safe, and unsaved changes are kept in this browser.",
    canAutoResolve: false,
    articleSlug: "accounts",
  },
  {
    errorType: "rate_limited",
    statuses: [429],
    pattern: /\b429\b|too many (attempts|requests|messages)/i,
    suggestedFix: "Too many requests were sent in a short time. Please wait a few minutes, then try again.",
    canAutoResolve: false,
  },
  {
    errorType: "photo_too_large",
    statuses: [413],
    pattern: /\b413\b|too large|payload/i,
    suggestedFix: "That file is too large. Photos can be up to 25 MB; try a smaller copy of the photo.",
    canAutoResolve: false,
    articleSlug: "photos",
  },
  {
    errorType: "unsupported_file",
    statuses: [415],
    pattern: /\b415\b|unsupported|image files only|not an image/i,
    suggestedFix:
      "Keepsake accepts JPG, PNG and WebP photos. Save the photo in one of those formats and add it again.",
    canAutoResolve: false,
    articleSlug: "photos",
  },
  {
    errorType: "photo_limit",
    pattern: /maximum 8 photos|photo limit/i,
    suggestedFix: "A program holds up to 8 photos. Remove one you need less, then add the new photo.",
    canAutoResolve: false,
    articleSlug: "photos",
  },
  {
    errorType: "pdf_failed",
    pattern: /pdf|print(ing)? failed|chromium/i,
    suggestedFix:
      "The PDF could not be made this time. Save your program, wait a moment and press Download PDF again. If it keeps failing, try the Email and screens format to check the content.",
    canAutoResolve: false,
    articleSlug: "booklet-formats",
  },
  {
    errorType: "not_found",
    statuses: [404],
    pattern: /\b404\b|not found/i,
    suggestedFix:
      "That page or program could not be found. It may have been deleted, or belong to another account. Open My Programs to see your saved programs.",
    canAutoResolve: false,
    articleSlug: "building-a-program",
  },
  {
    errorType: "forbidden",
    statuses: [403],
    pattern: /\b403\b|forbidden|another site/i,
    suggestedFix:
      "That request was refused for your safety. Reload the page and try again from Keepsake itself.",
    canAutoResolve: false,
  },
  {
    errorType: "validation_error",
    statuses: [400, 422],
    pattern: /\b400\b|\b422\b|must be|is required|invalid/i,
    suggestedFix:
      "Some information was not accepted. Check the highlighted fields; the message says what to change.",
    canAutoResolve: false,
  },
  {
    errorType: "app_updated",
    pattern: /chunk|dynamically imported module|importing a module script failed/i,
    suggestedFix: "Keepsake was updated while this page was open. Reload the page to get the newest version.",
    canAutoResolve: true,
  },
  {
    errorType: "storage_full",
    pattern: /quota ?exceeded|storage.*full/i,
    suggestedFix:
      "This browser's storage for Keepsake is full. Save your program to your account, then clear old site data for Keepsake in the browser settings.",
    canAutoResolve: false,
  },
  {
    errorType: "network_error",
    pattern: /failed to fetch|networkerror|network request failed|\bload failed|offline|timed? ?out/i,
    suggestedFix:
      "Keepsake could not reach the server. Check your internet connection, then try again; nothing you saved is lost.",
    canAutoResolve: false,
  },
  {
    errorType: "server_error",
    statuses: [500, 502, 503, 504],
    pattern: /\b50[0234]\b|internal server error|service unavailable/i,
    suggestedFix:
      "Something went wrong on our side, not yours. Please wait a minute and try again; your saved programs are safe.",
    canAutoResolve: false,
  },
];

const GENERIC: KnownErrorMatch = {
  errorType: "unknown_error",
  suggestedFix:
    "Reload the page and try again. If it happens again, tell me what you were doing when it happened and I will help.",
  confidence: 0.3,
  canAutoResolve: false,
};

const toMatch = ({ statuses: _statuses, pattern: _pattern, ...known }: KnownError, confidence: number) => ({
  ...known,
  confidence,
});

/** The known error this message (and status, if any) matches best; a general fix when none does. */
export const matchKnownError = (message: string, statusCode?: number): KnownErrorMatch => {
  const byStatus = KNOWN_ERRORS.find((e) => statusCode !== undefined && e.statuses?.includes(statusCode));
  if (byStatus) return toMatch(byStatus, 0.9);
  const byMessage = KNOWN_ERRORS.find((e) => e.pattern?.test(message));
  if (byMessage) return toMatch(byMessage, 0.75);
  if (statusCode !== undefined && statusCode >= 500) return matchKnownError("", 500);
  return GENERIC;
};

/** Whether a chat message reads like a pasted error rather than a question. */
export const looksLikeError = (message: string) =>
  /\b(error|exception|failed|crash(ed)?|broken|not working|went wrong|\d{3}:)\b/i.test(message);
