// How people's words for a problem meet the words of the help articles. Questions are typed in a
// hurry, often on a phone ("pics", "wont", "log in"); the articles are written with one word per
// thing ("photo", "sign in"). Both the articles and the questions go through `questionTerms`, so a
// word and its everyday variants land on the same index term.

// Words that say nothing about the topic; without them "how do I" would match every article.
const STOP_WORDS = new Set(
  [
    "a an and are as at be but by can do does for from have how i if in into is it its me my no not of on or our so that the their them then there these this to was we what when where which who why will with you your please help want need get",
    // phone phrasing and contractions without their apostrophe ("why wont it", "i cant")
    "cant wont dont doesnt didnt isnt arent im ive id its thats whats hows theres shoud should would could",
    "just really still also some any all one up out now yet got getting here say says said let know tell thing things way app website site am been has had did add off program programs about make rid use using",
  ]
    .join(" ")
    .split(" "),
);

// Everyday words → the word the articles use. Kept to words whose meaning does not change with the
// sentence around them, so a mapping never sends a question somewhere it does not belong.
const SAME_AS: Record<string, string> = {
  pic: "photo",
  pics: "photo",
  pix: "photo",
  picture: "photo",
  pictures: "photo",
  image: "photo",
  images: "photo",
  photograph: "photo",
  photographs: "photo",
  foto: "photo",
  fotos: "photo",
  color: "colour",
  colors: "colour",
  colours: "colour",
  login: "sign",
  logon: "sign",
  log: "sign",
  signin: "sign",
  pasword: "password",
  passwrd: "password",
  passwd: "password",
  cost: "price",
  costs: "price",
  pricing: "price",
  expensive: "price",
  pay: "price",
  obit: "obituary",
  programme: "program",
  programmes: "program",
  emailed: "email",
  emailing: "email",
  duplex: "double",
  grandkid: "grandchildren",
  grandkids: "grandchildren",
  none: "missing",
  spreadsheet: "csv",
  excel: "csv",
  xlsx: "csv",
};

// A light stemmer, the same for articles and questions: "pages", "printing", "printed" and "print"
// meet, as do "save", "saved" and "saving".
const stem = (word: string) => {
  let w = word;
  if (w.length > 4 && w.endsWith("ies")) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith("ing")) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith("ed")) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us")) w = w.slice(0, -1);
  return w.length > 3 && w.endsWith("e") ? w.slice(0, -1) : w;
};

/** The index term for one word of an article or a question; null for a word that says nothing. */
export const questionTerm = (word: string): string | null => {
  const plain = word.toLowerCase().replace(/['’]/g, "");
  if (plain.length < 2 || STOP_WORDS.has(plain)) return null;
  return stem(SAME_AS[plain] ?? plain);
};

/** A question's or an article's words; "won't" stays one word instead of "won" and "t". */
export const questionWords = (text: string) =>
  text
    .replace(/(\p{L})['’](\p{L})/gu, "$1$2")
    .split(/[\n\r\p{Z}\p{P}]+/u)
    .filter((word) => word !== "");

/** The distinct meaningful terms of a question, as the index holds them. */
export const questionTerms = (text: string) =>
  new Set(
    questionWords(text)
      .map(questionTerm)
      .filter((term): term is string => term !== null),
  );
