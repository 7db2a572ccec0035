// Offline drafts for the four template types in the four tones. They are built only from the details
// the family gave (name, relationship, qualities, achievements) and fixed phrases that name no person,
// place, date or number; where a fact is missing the draft leaves it out and a suggestion asks for it.
import type { AiTone, TemplateType } from "../../shared/constants";
import type { TemplateDetails } from "../../shared/writing";
import { capitalizeFirst, joinList, joinParagraphs } from "./text-rules";

type Names = {
  full: string;
  /** The name a family uses in a sentence: the nickname, else the first name without a title. */
  short: string;
  /** ", a beloved mother" or "" */
  beloved: string;
  /** ", my mother" or "" */
  mine: string;
};

type Draft = { text: string; suggestions: string[] };

const TITLES = new Set(
  "mr mrs ms miss mx dr rev reverend pastor father sister brother sir dame prof professor capt captain col sgt lt judge hon".split(
    " ",
  ),
);

const shortNameOf = (full: string) => {
  const nickname = full.match(/["“‘]([^"”’]+)["”’]/)?.[1]?.trim();
  if (nickname) return nickname;
  const words = full.split(/\s+/).map((w) => w.replace(/^[("'“‘]+|[)"'”’,]+$/g, ""));
  return words.find((w) => w !== "" && !TITLES.has(w.toLowerCase().replace(/\.$/, ""))) ?? full;
};

// "my mother", "our Grandma" and "a dear friend" all become the bare relationship.
const bareRelationship = (relationship: string) =>
  relationship.replace(/^(?:(?:my|our|his|her|their|a|an|the|beloved|dear|dearest)\s+)+/i, "").trim();

const namesOf = (details: TemplateDetails): Names => {
  const relationship = bareRelationship(details.relationship);
  return {
    full: details.name,
    short: shortNameOf(details.name),
    beloved: relationship ? `, a beloved ${relationship}` : "",
    mine: relationship ? `, my ${relationship}` : "",
  };
};

const possessive = (name: string) => (name.endsWith("s") ? `${name}'` : `${name}'s`);

const trimItem = (item: string) => item.replace(/[\s.;,]+$/, "");

// Nouns name a quality ("kindness", "a quick wit"); anything else is read as an adjective ("kind").
const QUALITY_NOUNS = new Set(
  "humor humour faith love grace courage laughter wit charm spirit smile laugh heart hope joy patience".split(
    " ",
  ),
);
const isNounQuality = (quality: string) => {
  const lower = quality.toLowerCase();
  const last = lower.split(/\s+/).pop() ?? lower;
  if (/^(a|an|the|his|her|their)\s/.test(lower)) return true;
  if (QUALITY_NOUNS.has(last)) return true;
  if (/(ness|ity|alty|esty|uty|ion|ance|ence|ship|dom|hood|ment|ism|th)$/.test(last)) return true;
  // "quick wit", "sense of humor": several words ending in a word that is not an adjective.
  return /\s/.test(lower) && !/(ful|ous|ive|able|ible|ing|ent|ant|al|ic|ish|less|y|ed|le)$/.test(last);
};

/** "for being kind and patient, and for a quick wit" */
const forQualities = (qualities: readonly string[]) => {
  const items = qualities.map(trimItem).filter((q) => q !== "");
  const adjectives = items.filter((q) => !isNounQuality(q));
  const nouns = items.filter(isNounQuality);
  const parts = [
    adjectives.length > 0 ? `for being ${joinList(adjectives)}` : "",
    nouns.length > 0 ? `for ${joinList(nouns)}` : "",
  ].filter((p) => p !== "");
  return parts.join(", and ");
};

const PAST_TENSE_VERBS = new Set(
  "was were had built taught led ran won wrote made gave became began grew brought bought sang drove flew fought held kept met paid sold spent stood swam took told went left lived loved raised served".split(
    " ",
  ),
);
const isVerbPhrase = (achievement: string) => {
  const first = achievement.split(/\s+/)[0]?.toLowerCase() ?? "";
  return PAST_TENSE_VERBS.has(first) || (first.length > 3 && first.endsWith("ed"));
};

type Achievements = { actions: string; things: string };

/** Achievements split into "served in the Navy and raised four children" and "thirty years of teaching". */
const splitAchievements = (achievements: readonly string[]): Achievements => {
  const items = achievements.map(trimItem).filter((a) => a !== "");
  const actions = items.filter(isVerbPhrase).map((a) => a[0]?.toLowerCase() + a.slice(1));
  return { actions: joinList(actions), things: joinList(items.filter((a) => !isVerbPhrase(a))) };
};

type Voice = {
  opening: (n: Names) => string;
  /** The subject and verb before "for being kind…". */
  remembers: (n: Names) => string;
  /** Before "Margaret served in the Navy". */
  actionsLead: string;
  /** Before a list of noun-phrase achievements. */
  thingsLead: (n: Names) => string;
  /** Used only when the family gave neither qualities nor achievements. */
  bridge: string;
  closing: (n: Names) => string;
};

/** Third-person voices for life reflections; tributes, obituaries and welcomes vary some lines. */
const REFLECTION: Record<AiTone, Voice> = {
  formal: {
    opening: (n) => `It is with deep respect that we remember ${n.full}${n.beloved}.`,
    remembers: (n) => `${n.short} will be remembered`,
    actionsLead: "",
    thingsLead: (n) => `${possessive(n.short)} accomplishments included`,
    bridge: "Every life leaves its own mark on the people it touched.",
    closing: (n) => `${n.short} will be deeply missed and long remembered.`,
  },
  heartfelt: {
    opening: (n) => `With hearts full of love, we remember ${n.full}${n.beloved}.`,
    remembers: (n) => `We will always cherish ${n.short}`,
    actionsLead: "We are so proud that ",
    thingsLead: (n) => `We treasure the memory of everything ${n.short} achieved, including`,
    bridge: "Some people leave a mark on our hearts that time will never fade.",
    closing: (n) => `${n.short}, you will be forever loved and forever missed.`,
  },
  celebratory: {
    opening: (n) => `Today we celebrate the life of ${n.full}${n.beloved}.`,
    remembers: (n) => `We celebrate ${n.short}`,
    actionsLead: "What a life it was: ",
    thingsLead: (n) => `We celebrate everything ${n.short} achieved, including`,
    bridge: "A life is measured in the love it shares, and this one shared so much.",
    closing: (n) => `Thank you, ${n.short}, for a life that gave us so much to celebrate.`,
  },
  peaceful: {
    opening: (n) => `In quiet remembrance, we honor ${n.full}${n.beloved}.`,
    remembers: (n) => `We gently remember ${n.short}`,
    actionsLead: "Along the way, ",
    thingsLead: (n) => `${possessive(n.short)} life held`,
    bridge: "The love we shared remains, quiet and constant, in all who remember.",
    closing: (n) => `May ${n.short} rest in peace, and may these memories bring comfort to all who grieve.`,
  },
};

const TRIBUTE: Record<AiTone, Voice> = {
  formal: {
    ...REFLECTION.formal,
    opening: (n) => `It is an honor to pay tribute to ${n.full}${n.mine}.`,
    remembers: (n) => `I will always remember ${n.short}`,
    actionsLead: "I have always admired that ",
    closing: (n) => `Thank you, ${n.short}, for all that you gave. It was an honor to know you.`,
  },
  heartfelt: {
    ...REFLECTION.heartfelt,
    opening: (n) =>
      `There are no words big enough for what ${n.full}${n.mine}${n.mine ? "," : ""} meant to me.`,
    remembers: (n) => `I will always cherish ${n.short}`,
    actionsLead: "I am so proud that ",
    thingsLead: (n) => `I treasure the memory of everything ${n.short} achieved, including`,
    closing: (n) => `I love you, ${n.short}, and I will miss you every day.`,
  },
  celebratory: {
    ...REFLECTION.celebratory,
    opening: (n) => `Today I celebrate ${n.full}${n.mine}.`,
    remembers: (n) => `I celebrate ${n.short}`,
    thingsLead: (n) => `I celebrate everything ${n.short} achieved, including`,
    closing: (n) => `Here's to you, ${n.short}, and to a life worth celebrating.`,
  },
  peaceful: {
    ...REFLECTION.peaceful,
    opening: (n) => `In this quiet moment, I remember ${n.full}${n.mine}.`,
    remembers: (n) => `I gently remember ${n.short}`,
    closing: (n) => `Rest now, ${n.short}. You will be with me always.`,
  },
};

const OBITUARY: Record<AiTone, Voice> = {
  formal: {
    ...REFLECTION.formal,
    opening: (n) => `${n.full}${n.beloved}${n.beloved ? "," : ""} has passed away.`,
    bridge: "",
    closing: (n) => `${n.short} will be deeply missed by family and friends.`,
  },
  heartfelt: {
    ...REFLECTION.heartfelt,
    opening: (n) =>
      `It is with heavy hearts that we share that ${n.full}${n.beloved}${n.beloved ? "," : ""} has passed away.`,
    remembers: (n) => `${n.short} will be lovingly remembered`,
    bridge: "",
    closing: (n) => `${n.short} will be dearly missed by family and friends.`,
  },
  celebratory: {
    ...REFLECTION.celebratory,
    opening: (n) => `${n.full}${n.beloved}${n.beloved ? "," : ""} has completed a life well lived.`,
    remembers: (n) => `${n.short} will be joyfully remembered`,
    bridge: "",
    closing: (n) => `Family and friends will always celebrate the joy ${n.short} brought to their lives.`,
  },
  peaceful: {
    ...REFLECTION.peaceful,
    opening: (n) => `${n.full}${n.beloved}${n.beloved ? "," : ""} has gone to rest.`,
    remembers: (n) => `${n.short} will be peacefully remembered`,
    bridge: "",
    closing: (n) => `${n.short} is at rest and will be remembered with love by family and friends.`,
  },
};

const SERVICE_MESSAGE: Record<AiTone, Voice> = {
  formal: {
    ...REFLECTION.formal,
    opening: (n) =>
      `We welcome you and thank you for joining us as we honor the life of ${n.full}${n.beloved}.`,
    bridge: "We are here to share memories, to comfort one another and to give thanks for a life.",
    closing: () => "The family is grateful for your presence and your support.",
  },
  heartfelt: {
    ...REFLECTION.heartfelt,
    opening: (n) => `Thank you for being here as we remember ${n.full}${n.beloved}.`,
    bridge: "We are here to share memories, to comfort one another and to give thanks for a life.",
    closing: () => "Your love and presence today mean more to our family than words can say.",
  },
  celebratory: {
    ...REFLECTION.celebratory,
    opening: (n) => `Welcome, and thank you for joining us to celebrate the life of ${n.full}${n.beloved}.`,
    bridge: "We are here to share stories, to laugh together and to give thanks for a life.",
    closing: (n) => `Please share your stories and your smiles today: that is how ${n.short} lives on.`,
  },
  peaceful: {
    ...REFLECTION.peaceful,
    opening: (n) => `Welcome. In this quiet hour, we come together to remember ${n.full}${n.beloved}.`,
    bridge: "We are here to rest in shared memories and to comfort one another.",
    closing: (n) =>
      `May this time together bring you peace, and may ${possessive(n.short)} memory be a comfort to us all.`,
  },
};

const VOICES: Record<TemplateType, Record<AiTone, Voice>> = {
  life_reflection: REFLECTION,
  tribute: TRIBUTE,
  obituary: OBITUARY,
  service_message: SERVICE_MESSAGE,
};

const MISSING_FACTS: Record<TemplateType, string[]> = {
  life_reflection: [
    "Add when and where this life began, and the places and people that mattered most.",
    "Add a favorite memory or a saying the family will recognize.",
  ],
  tribute: ["Add one memory the two of you shared: it is the heart of a tribute."],
  obituary: [
    "Add the dates and places of birth and passing.",
    "Name the family members left behind and those who went before.",
    "Add the date, time and place of the service.",
  ],
  service_message: ["Add the order of the day or an invitation to the reception, if there is one."],
};

/** A printable draft of the chosen type and tone, from the family's details only. */
export const draftTemplate = (type: TemplateType, details: TemplateDetails): Draft => {
  const names = namesOf(details);
  const voice = VOICES[type][details.tone];
  const qualities = forQualities(details.qualities);
  const { actions, things } = splitAchievements(details.achievements);
  const middle = [
    qualities ? `${voice.remembers(names)} ${qualities}.` : "",
    actions ? capitalizeFirst(`${voice.actionsLead}${names.short} ${actions}.`) : "",
    things ? `${voice.thingsLead(names)} ${things}.` : "",
  ]
    .filter((s) => s !== "")
    .join(" ");
  const text = joinParagraphs(
    [voice.opening(names), middle || voice.bridge, voice.closing(names)].filter((p) => p !== ""),
  );
  const suggestions = [
    ...(details.qualities.length === 0
      ? [`Add two or three qualities, separated by commas, that describe ${names.short}.`]
      : []),
    ...(details.achievements.length === 0
      ? ["Add achievements or milestones, such as work, service or family, to give the story its shape."]
      : []),
    ...MISSING_FACTS[type],
  ];
  return { text, suggestions };
};
