// Reads a case-management system's export (CSV or JSON), proposes which column fills which
// program field by name, and turns each case into a service draft with the dates normalised.
// Pure and browser-safe: the server runs it for the preview and for the import itself.
import type { ImportField, ImportMapping, ImportProblem } from "./integration";
import { IMPORT_FIELDS } from "./integration";
import { type ServiceDraft, serviceDraftSchema } from "./schemas";
import { readCsvRecords, validateServiceRow } from "./service-csv";

type CaseRecord = { row: number; values: Record<string, string> };
export type CaseTable = { format: "csv" | "json"; columns: string[]; records: CaseRecord[] };

/** A file that cannot be read at all: the message says why. */
class CaseFileError extends Error {}

// Limits that keep reading an export linear and bounded: a case system's export has a few dozen
// columns, nests a few levels and holds far fewer cases than this (an import takes 200 at a time).
const MAX_IMPORT_COLUMNS = 300;
const MAX_IMPORT_ROWS = 2_000;
const MAX_JSON_NESTING = 20;

const tooManyColumns = () =>
  new CaseFileError(
    `the file has more than ${MAX_IMPORT_COLUMNS} different columns; an export of cases has far fewer`,
  );
const tooManyRows = () =>
  new CaseFileError(
    `the file has more than ${MAX_IMPORT_ROWS.toLocaleString("en-US")} cases; please export fewer (an import takes 200 at a time)`,
  );

// ---------------------------------------------------------------- reading

const toCell = (value: unknown) =>
  value === null || value === undefined
    ? ""
    : typeof value === "object"
      ? JSON.stringify(value)
      : String(value);

/**
 * `{ deceased: { firstName: "Ada" } }` → `{ "deceased.firstName": "Ada" }`; lists are numbered.
 * The depth is bounded: a file nested thousands of levels deep would otherwise overflow the stack.
 */
const flatten = (value: unknown, prefix: string, into: Record<string, string>, depth = 0) => {
  if (value !== null && typeof value === "object") {
    if (depth >= MAX_JSON_NESTING) {
      throw new CaseFileError(`the JSON is nested more than ${MAX_JSON_NESTING} levels deep`);
    }
    for (const [key, inner] of Object.entries(value)) {
      flatten(inner, prefix ? `${prefix}.${key}` : key, into, depth + 1);
    }
  } else if (prefix) {
    into[prefix] = toCell(value);
  }
  return into;
};

/** A list of cases, or an object holding one list of cases (`{ "cases": [...] }`). */
const findCaseList = (data: unknown): unknown[] => {
  if (Array.isArray(data)) return data;
  if (data && typeof data === "object") {
    const lists = Object.values(data).filter(Array.isArray);
    if (lists.length === 1 && lists[0]) return lists[0];
  }
  throw new CaseFileError(
    'the JSON must be a list of cases, or an object with one list of cases like { "cases": [...] }',
  );
};

const readJson = (content: string): CaseTable => {
  let data: unknown;
  try {
    data = JSON.parse(content.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new CaseFileError(`the file could not be read as JSON: ${(error as Error).message}`);
  }
  const list = findCaseList(data);
  if (list.length > MAX_IMPORT_ROWS) throw tooManyRows();
  // A Set keeps this linear: a list of 40,000 cases each with a new key once took minutes.
  const columns = new Set<string>();
  const records = list.map((item, i) => {
    if (!item || typeof item !== "object" || Array.isArray(item)) {
      throw new CaseFileError(`case ${i + 1} is not an object with named fields`);
    }
    const values = flatten(item, "", {});
    for (const key of Object.keys(values)) {
      columns.add(key);
      if (columns.size > MAX_IMPORT_COLUMNS) throw tooManyColumns();
    }
    return { row: i + 1, values };
  });
  return { format: "json", columns: [...columns], records };
};

const readCsv = (content: string): CaseTable => {
  const read = readCsvRecords(content);
  if ("problem" in read) throw new CaseFileError(read.problem.message);
  const [header, ...body] = read.records;
  if (!header) throw new CaseFileError("the file is empty");
  if (header.record.length > MAX_IMPORT_COLUMNS) throw tooManyColumns();
  const columns = header.record.map((cell) => cell.trim());
  const seen = new Set<string>();
  const twice = columns.find((c) => seen.size === seen.add(c).size);
  if (twice !== undefined) throw new CaseFileError(`the column "${twice}" appears twice`);
  // Spreadsheets export trailing blank rows as ",,,": they are not cases.
  const cases = body.filter(({ record }) => record.some((cell) => cell.trim() !== ""));
  if (cases.length > MAX_IMPORT_ROWS) throw tooManyRows();
  const records = cases.map(({ record }, i) => ({
    row: i + 1,
    values: Object.fromEntries(columns.map((column, c) => [column, record[c] ?? ""])),
  }));
  return { format: "csv", columns, records };
};

/** A `.json` file (or text starting with `[` or `{`) is JSON; anything else is read as CSV. */
const readCaseFile = (fileName: string, content: string): CaseTable => {
  const trimmed = content.replace(/^\uFEFF/, "").trimStart();
  const isJson = /\.json$/i.test(fileName) || trimmed.startsWith("[") || trimmed.startsWith("{");
  const table = isJson ? readJson(content) : readCsv(content);
  if (table.records.length === 0) throw new CaseFileError("the file has no cases");
  return table;
};

export type CaseFileRead = { table: CaseTable } | { problem: string };

/** `readCaseFile` as plain data, for a worker thread: a thrown CaseFileError becomes its message. */
export const readCaseFileSafely = (fileName: string, content: string): CaseFileRead => {
  try {
    return { table: readCaseFile(fileName, content) };
  } catch (error) {
    if (error instanceof CaseFileError) return { problem: error.message };
    throw error;
  }
};

// ---------------------------------------------------------------- proposing a mapping

// Words that say whose record it is, not which field: "Decedent First Name" is a first name.
const NOISE = new Set(["decedent", "deceased", "case", "the", "of", "a", "for", "info", "details"]);

/** "Decedent_FirstName" → ["first", "name"]; "services.0.date" → ["service", "date"]. */
const words = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w && !NOISE.has(w))
    .map((w) => (w.length > 3 && w.endsWith("s") ? w.slice(0, -1) : w));

type FieldNames = {
  /** Names of a column holding the whole value. */
  whole: string[];
  /** Names of columns holding a part, joined in column order (first, middle and last name). */
  parts?: string[];
  /** A column whose name has one of these words is never this field ("Place of Birth"). */
  never?: string[];
};

const PLACES = ["place", "city", "state", "county", "country", "zip"];

const FIELD_NAMES: Record<ImportField, FieldNames> = {
  fullName: {
    whole: ["full name", "name", "legal name", "decedent name"],
    parts: ["first name", "given name", "middle name", "last name", "surname", "family name", "suffix"],
    never: ["preferred", "nickname", "funeral", "home", "officiant", "informant", "next", "kin", "file"],
  },
  preferredName: { whole: ["preferred name", "nickname", "known as", "aka"] },
  birthDate: { whole: ["birth date", "date of birth", "dob", "born"], never: PLACES },
  passingDate: {
    whole: ["passing date", "date of death", "dod", "death date", "died", "passed"],
    never: PLACES,
  },
  // A service's date and time often come in two columns: both are parts, joined date first.
  serviceDate: {
    whole: ["service datetime", "service date time"],
    parts: [
      "service date",
      "date of service",
      "funeral date",
      "service time",
      "time of service",
      "service start time",
    ],
    never: PLACES,
  },
  location: { whole: ["location", "service location", "venue", "service place", "service venue", "chapel"] },
  officiant: { whole: ["officiant", "clergy", "celebrant", "minister", "pastor", "officiating"] },
  lifeReflections: { whole: ["life reflections", "obituary", "biography", "life story", "obituary text"] },
  scripture: { whole: ["scripture", "verse", "bible verse", "reading"] },
  colorTheme: { whole: ["color theme", "colour theme", "theme"] },
  fontStyle: { whole: ["font style", "font"] },
  pageLayout: { whole: ["page layout", "layout"] },
  overlayEffect: { whole: ["overlay effect", "overlay"] },
};

/** Dice similarity of two word lists: 1 when equal, 0 when they share nothing. */
const similarity = (a: string[], b: string[]) => {
  if (a.length === 0 || b.length === 0) return 0;
  const shared = a.filter((w) => b.includes(w)).length;
  return (2 * shared) / (a.length + b.length);
};

const MIN_SIMILARITY = 0.66;

type Match = { field: ImportField; score: number; part: boolean };

const bestMatch = (column: string): Match | undefined => {
  const name = words(column);
  let best: Match | undefined;
  for (const field of IMPORT_FIELDS) {
    const names = FIELD_NAMES[field];
    if (names.never?.some((w) => name.includes(w))) continue;
    for (const [list, part] of [
      [names.whole, false],
      [names.parts ?? [], true],
    ] as const) {
      for (const candidate of list) {
        const score = similarity(name, words(candidate));
        if (score >= MIN_SIMILARITY && (!best || score > best.score)) best = { field, score, part };
      }
    }
  }
  return best;
};

/**
 * Proposes a field for each column by name. A field takes its best whole-value column; when it
 * has none, every column naming one of its parts (first, middle, last name) fills it together.
 */
export const suggestMapping = (columns: string[]): ImportMapping => {
  const matches = columns.map((column) => ({ column, match: bestMatch(column) }));
  const mapping: ImportMapping = Object.fromEntries(columns.map((c) => [c, ""]));
  for (const field of IMPORT_FIELDS) {
    const mine = matches.filter((m) => m.match?.field === field);
    const wholes = mine
      .filter((m) => !m.match?.part)
      .sort((a, b) => (b.match?.score ?? 0) - (a.match?.score ?? 0));
    const chosen = wholes[0] ? [wholes[0]] : mine.filter((m) => m.match?.part);
    for (const { column } of chosen) mapping[column] = field;
  }
  return mapping;
};

// ---------------------------------------------------------------- applying a mapping

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (n: number | string) => String(n).padStart(2, "0");

/** "3/14/2025", "March 14, 2025", "14 Mar 2025", "2025-03-14…" → "2025-03-14"; undefined when unknown. */
const readDate = (text: string): { date: string; rest: string } | undefined => {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](.*))?$/.exec(text);
  if (m) return { date: `${m[1]}-${pad(m[2] as string)}-${pad(m[3] as string)}`, rest: m[4] ?? "" };
  // Case systems in the United States write month/day/year.
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:,?\s+(.*))?$/.exec(text);
  if (m) return { date: `${m[3]}-${pad(m[1] as string)}-${pad(m[2] as string)}`, rest: m[4] ?? "" };
  m = /^([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})(?:,?\s+(?:at\s+)?(.*))?$/.exec(text);
  const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;
  if (m && month(m[1] as string) > 0) {
    return { date: `${m[3]}-${pad(month(m[1] as string))}-${pad(m[2] as string)}`, rest: m[4] ?? "" };
  }
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})(?:,?\s+(.*))?$/.exec(text);
  if (m && month(m[2] as string) > 0) {
    return { date: `${m[3]}-${pad(month(m[2] as string))}-${pad(m[1] as string)}`, rest: m[4] ?? "" };
  }
  return undefined;
};

/** "11:00", "2:30 PM", "14:30:00", "11:00:00.000Z" → "HH:mm"; undefined when unknown. */
const readTime = (text: string): string | undefined => {
  const m =
    /^(\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?\s*(am|pm|a\.m\.|p\.m\.)?\s*(?:Z|[+-]\d{2}:?\d{2})?$/i.exec(
      text.trim(),
    );
  if (!m) return undefined;
  let hours = Number(m[1]);
  const meridiem = m[3]?.toLowerCase().replace(/\./g, "");
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  return hours < 24 ? `${pad(hours)}:${m[2]}` : undefined;
};

const normalizeDate = (value: string) => {
  const read = readDate(value);
  return read && read.rest.trim() === "" ? read.date : value;
};

const normalizeDateTime = (value: string) => {
  const read = readDate(value);
  const time = read && readTime(read.rest);
  return read && time ? `${read.date}T${time}` : value;
};

/** The case's values for each mapped field, several columns joined by a space, dates normalised. */
const applyMapping = (record: CaseRecord, mapping: ImportMapping): Record<string, string> => {
  const input: Record<string, string> = {};
  for (const [column, field] of Object.entries(mapping)) {
    if (!Object.hasOwn(record.values, column)) continue;
    const value = (record.values[column] ?? "").trim();
    if (!field || value === "") continue;
    input[field] = input[field] ? `${input[field]} ${value}` : value;
  }
  if (input.birthDate) input.birthDate = normalizeDate(input.birthDate);
  if (input.passingDate) input.passingDate = normalizeDate(input.passingDate);
  if (input.serviceDate) input.serviceDate = normalizeDateTime(input.serviceDate);
  return input;
};

export type CaseCheck = { drafts: ServiceDraft[]; problems: ImportProblem[]; preview: ServiceDraft[] };

const PREVIEW_ROWS = 5;

/** Every case as a service draft, or every problem of every case (row and field named). */
export const checkCases = (table: CaseTable, mapping: ImportMapping): CaseCheck => {
  const drafts: ServiceDraft[] = [];
  const problems: ImportProblem[] = [];
  const preview: ServiceDraft[] = [];
  for (const record of table.records) {
    const input = applyMapping(record, mapping);
    const result = validateServiceRow(record.row, input);
    if (Array.isArray(result)) {
      problems.push(...result.map(({ line, field, message }) => ({ row: line, field, message })));
    } else {
      drafts.push(result.draft);
    }
    // The preview shows what would be printed, even for a row still to be fixed.
    if (preview.length < PREVIEW_ROWS) {
      const shown = serviceDraftSchema.safeParse(input);
      preview.push(
        shown.success ? shown.data : ({ ...serviceDraftSchema.parse({}), ...input } as ServiceDraft),
      );
    }
  }
  return { drafts, problems, preview };
};

/** The export's shape: the same columns in any order reuse one saved mapping. */
export const columnsKey = (columns: string[]) => [...columns].sort().join("\u001f");
