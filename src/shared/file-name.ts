// File names made from a person's name. Every download, ZIP entry and CLI output file spells a name
// through asciiNameWords, so "Søren Kierkegaard" is "Soren" everywhere, never "Sren" in one place.

// Letters that Unicode does not decompose into a base letter and an accent.
const UNDECOMPOSABLE: Record<string, string> = {
  ł: "l",
  Ł: "L",
  ø: "o",
  Ø: "O",
  đ: "d",
  Đ: "D",
  ð: "d",
  Ð: "D",
  þ: "th",
  Þ: "Th",
  ß: "ss",
  æ: "ae",
  Æ: "Ae",
  œ: "oe",
  Œ: "Oe",
  ı: "i",
};

/** "Zoë Ångström-Øye" → ["Zoe", "Angstrom", "Oye"]: accents dropped so every system accepts the name. */
const asciiNameWords = (name: string) =>
  name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[łŁøØđĐðÐþÞßæÆœŒı]/g, (letter) => UNDECOMPOSABLE[letter] ?? "")
    // O'Brien is one word, not "O" and "Brien".
    .replace(/['’]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);

/** "Eleanor Grace Whitfield" → "Eleanor-Whitfield": first and last name, for a single program's files. */
export const nameStem = (fullName: string) => {
  const words = asciiNameWords(fullName);
  return words.length > 1 ? `${words[0]}-${words[words.length - 1]}` : (words[0] ?? "memorial");
};

/** `jose-nunez-2025-03-14`: the whole name and the service date, for the files of a batch. */
export const programFileStem = (program: { fullName: string; serviceDate: string }) => {
  const name = asciiNameWords(program.fullName).join("-").toLowerCase().slice(0, 80).replace(/-+$/, "");
  return [name || "program", program.serviceDate.slice(0, 10)].filter(Boolean).join("-");
};
