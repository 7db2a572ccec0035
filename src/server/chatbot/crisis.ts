// Words that may mean the writer is thinking of ending their life or harming themselves. We would
// rather answer a false alarm with care than miss one, so the list leans wide.
const CRISIS_PATTERNS: readonly RegExp[] = [
  /\b(kill|hurt|harm|cut)(ing)? (my ?self|myself)\b/i,
  /\bsuicid(e|al)\b/i,
  /\bend (my|it all|my own) ?(life)?\b/i,
  /\btake my (own )?life\b/i,
  /\b(want|wish|going|ready|plan(ning)?) to die\b/i,
  /\b(wish|want) (i was|i were|to be) dead\b/i,
  /\bdon'?t want to (live|be alive|be here|go on)( anymore)?\b/i,
  /\bno (reason|point) (to|in) (live|living|go on|going on)\b/i,
  /\b(join|be with) (him|her|them) (in heaven|again|soon)\b.*\b(die|dead|end)\b/i,
  /\bbetter off (dead|without me)\b/i,
  /\bcan'?t (go on|keep going|do this anymore)\b/i,
  /\bself[- ]harm\b/i,
  /\boverdose\b/i,
];

export const mentionsSelfHarm = (text: string) => CRISIS_PATTERNS.some((p) => p.test(text));

/** Said first and plainly whenever a message may be about self-harm, before anything else. */
export const CRISIS_REPLY = [
  "I'm really glad you told me, and I'm so sorry you're carrying this much pain. You deserve support right now, from a person.",
  "If you are in the United States, please call or text 988 to reach the 988 Suicide & Crisis Lifeline, any time, day or night. You can also chat at 988lifeline.org.",
  "If you are somewhere else, please call your local emergency number now, or go to the nearest emergency department.",
  "If you are in immediate danger, call 911 (in the US) or your local emergency services. If you can, reach out to someone you trust and let them stay with you.",
  "I'm still here to keep you company, and your program can wait. You matter.",
].join("\n\n");
