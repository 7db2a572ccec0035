// The Emotional Support chat's own words: how we read a message's feeling, what we say back, and the
// writing prompts we offer. Written by us, kept short and gentle; nothing here pretends to be a therapist.
import type { EmotionalState } from "../../shared/chatbot";

const CUES: Record<Exclude<EmotionalState, "neutral">, readonly RegExp[]> = {
  overwhelmed: [
    /overwhelm/i,
    /too much/i,
    /can'?t cope/i,
    /so much to do/i,
    /don'?t know where to (start|begin)/i,
    /stress/i,
    /panic/i,
    /exhausted|so tired/i,
    /no time/i,
  ],
  sad: [
    /\bsad\b|sadness/i,
    /miss (him|her|them|my|you)/i,
    /grief|grieving/i,
    /heartbroken|broken heart/i,
    /cry(ing)?|tears/i,
    /lonely|alone/i,
    /lost my|passed away|died/i,
    /hurts?\b/i,
    /empty/i,
  ],
  frustrated: [
    /frustrat/i,
    /angry|anger|mad\b/i,
    /annoy/i,
    /doesn'?t work|not working|won'?t work/i,
    /ridiculous|useless|stupid/i,
    /fed up|sick of/i,
    /why (won'?t|can'?t|doesn'?t)/i,
  ],
  peaceful: [/peace(ful)?/i, /calm/i, /at rest/i, /no more pain/i, /comfort(ed)?\b/i, /ready\b/i, /accept/i],
  grateful: [/thank/i, /grateful|gratitude/i, /appreciate/i, /blessed/i, /lucky to have/i, /so kind/i],
};

/** Feelings that call for a gentle comfort message after the reply. */
const NEEDS_SUPPORT: ReadonlySet<EmotionalState> = new Set(["overwhelmed", "sad", "frustrated"]);

export type EmotionReading = { detected: EmotionalState; confidence: number; supportNeeded: boolean };

/** The strongest feeling in the message, by the number of cues it shows. */
export const readEmotion = (text: string): EmotionReading => {
  let best: { state: EmotionalState; hits: number } = { state: "neutral", hits: 0 };
  for (const [state, cues] of Object.entries(CUES) as [EmotionalState, readonly RegExp[]][]) {
    const hits = cues.filter((cue) => cue.test(text)).length;
    if (hits > best.hits) best = { state, hits };
  }
  const confidence = best.hits === 0 ? 0.5 : Math.min(0.95, 0.6 + best.hits * 0.15);
  return { detected: best.state, confidence, supportNeeded: NEEDS_SUPPORT.has(best.state) };
};

const REPLIES: Record<EmotionalState, readonly string[]> = {
  overwhelmed: [
    "That is a great deal to carry at once. You don't have to do it all tonight. Would it help to pick just one small thing, like the name and dates, and let the rest wait?",
    "When everything needs doing at once, it's natural to feel swamped. Take a slow breath. The program can be saved and finished a piece at a time, and I'm here while you do.",
    "You're doing something hard while grieving. Let's make it smaller: what is the one thing that has to be ready first?",
  ],
  sad: [
    "I'm so sorry. Missing someone you love is one of the hardest things there is. There is no right way to feel right now, and no hurry.",
    "Your sadness shows how much they mattered. If you'd like, tell me a little about them; sometimes the words for the program start there.",
    "I'm here with you. It's all right to stop for a while, cry, or sit quietly. The program will wait for you.",
  ],
  frustrated: [
    "I'm sorry this is adding to an already hard time. Your frustration makes sense. Tell me what isn't working and we'll sort it out together, one step at a time.",
    "That sounds really frustrating, especially now. Let's slow down and fix the part that is getting in the way.",
  ],
  peaceful: [
    "I'm glad you have a moment of peace. Those moments are worth holding on to, and they can be good ones for writing.",
    "That sounds like a gentle place to be. If words come to you now, they may be just the ones for the program.",
  ],
  grateful: [
    "Thank you for saying so. Gratitude is a beautiful way to remember someone, and it often finds its way into the kindest tributes.",
    "It's lovely to hear that. Holding on to what you are thankful for can be a quiet comfort in grief.",
  ],
  neutral: [
    "Thank you for sharing that with me. I'm here to listen, or to help you find words for the program, whichever you need.",
    "I'm here for whatever you need: a listening ear, help remembering, or a gentle start on the writing.",
  ],
};

const COMFORT: Record<EmotionalState, readonly string[]> = {
  overwhelmed: [
    "A gentle reminder: you are allowed to rest. Saving a draft and coming back tomorrow is a perfectly good plan.",
    "You don't have to be perfect, only present. Whatever you make will be made with love, and that is what people will feel.",
  ],
  sad: [
    "Grief is love with nowhere to go. Be as gentle with yourself today as you would be with a dear friend.",
    "However you are feeling right now is all right. Small steps are still steps.",
  ],
  frustrated: [
    "It's all right to step away for a few minutes. A glass of water and a short breath of fresh air can make the next step easier.",
    "You're handling a great deal. If something in the app keeps getting in your way, the Support Assistant can help with it.",
  ],
  peaceful: ["May that peace stay with you as you write."],
  grateful: ["What a gift to have had them. That gratitude will shine through what you write."],
  neutral: ["Take all the time you need. I'm here whenever you want to continue."],
};

const PROMPTS: Record<EmotionalState, readonly string[]> = {
  overwhelmed: [
    "Write just one sentence: who they were to you.",
    "List three words that describe them. That's enough for today.",
    "What is one sound, smell or place that brings them back to you?",
  ],
  sad: [
    "What do you miss most about an ordinary day with them?",
    "Write a few lines you wish you could say to them now.",
    "Describe a photo of them that you love, and what was happening when it was taken.",
  ],
  frustrated: [
    "What would they have said to make you laugh right now?",
    "Write about a time they handled something hard with grace or humour.",
  ],
  peaceful: [
    "Describe a place where they were most at peace.",
    "What did they teach you about living well?",
    "Write about a quiet moment you shared.",
  ],
  grateful: [
    "What are you most thankful to them for?",
    "Write about a kindness they showed someone else.",
    "Who would they want thanked in the program, and why?",
  ],
  neutral: [
    "Tell the story of how you met, or your earliest memory of them.",
    "What were their favourite sayings, songs or foods?",
    "What made them laugh?",
    "How would their friends describe them in three words?",
    "What small habit of theirs will you always remember?",
  ],
};

const EMOTIONAL_SUGGESTIONS: Record<EmotionalState, readonly string[]> = {
  overwhelmed: [
    "I don't know where to start",
    "Help me take this one step at a time",
    "Can I save and come back later?",
  ],
  sad: ["I miss them so much", "Help me write about their life", "How do I write a tribute?"],
  frustrated: ["Something isn't working", "I'm finding this really hard", "Help me with the writing"],
  peaceful: [
    "Help me write about their life",
    "Give me a writing prompt",
    "What should the program include?",
  ],
  grateful: [
    "Help me write a thank-you message",
    "Give me a writing prompt",
    "Who should I thank in the program?",
  ],
  neutral: [
    "I don't know where to start",
    "Help me write about my loved one",
    "I just need someone to listen",
  ],
};

// Rotating through the library by the conversation's length keeps replies from repeating back to back.
const pick = (list: readonly string[], turn: number) => list[turn % list.length] ?? list[0] ?? "";

export const emotionalReply = (state: EmotionalState, turn: number) => pick(REPLIES[state], turn);
export const comfortFor = (state: EmotionalState, turn: number) => pick(COMFORT[state], turn);
export const writingPromptsFor = (state: EmotionalState) =>
  state === "neutral" ? [...PROMPTS.neutral] : [...PROMPTS[state], ...PROMPTS.neutral.slice(0, 2)];
export const emotionalSuggestionsFor = (state: EmotionalState) => [...EMOTIONAL_SUGGESTIONS[state]];
