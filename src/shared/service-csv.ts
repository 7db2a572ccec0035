// Reads a funeral home's spreadsheet of services (one row per service, columns named like the
// service-draft fields) and validates every row before anything is created or printed, so a
// mistake in row 37 is reported as line 37. Used by the CLI and by the batch page's CSV import.
import { CsvError, parse } from "csv-parse/browser/esm/sync";
import type { BatchTemplate } from "./constants";
import { type ServiceDraft, serviceDraftSchema } from "./schemas";
import { MAX_BATCH_SIZE, SERVICE_DRAFT_FIELDS } from "./service-draft";

export type ServiceCsvRow = { line: number; draft: ServiceDraft };
/** `line` is where the record starts in the file (the header is line 1). */
export type ServiceCsvProblem = { line: number; field?: string; message: string };
export type ServiceCsvResult = { rows: ServiceCsvRow[]; problems: ServiceCsvProblem[] };

/** "line 3: colorTheme: Colour theme must be one of: …" */
export const formatCsvProblem = ({ line, field, message }: ServiceCsvProblem) =>
  `line ${line}: ${field ? `${field}: ` : ""}${message}`;

const CHOICE_FIELDS = new Set<string>(["colorTheme", "fontStyle", "pageLayout", "overlayEffect"]);
const FIELD_BY_LOWER_NAME = new Map(SERVICE_DRAFT_FIELDS.map((f) => [f.toLowerCase(), f]));

// Spreadsheets in many European locales save "CSV" with semicolons.
const detectDelimiter = (text: string) => {
  const header = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  return header.includes(";") && !header.includes(",") ? ";" : ",";
};

const countNewlines = (cells: string[]) => cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);

type HeaderResult = { columns: (keyof ServiceDraft)[]; problems: ServiceCsvProblem[] };

const readHeader = (cells: string[]): HeaderResult => {
  const columns: (keyof ServiceDraft)[] = [];
  const problems: ServiceCsvProblem[] = [];
  for (const cell of cells) {
    const name = cell.trim();
    const field = FIELD_BY_LOWER_NAME.get(name.toLowerCase());
    if (!field) {
      problems.push({
        line: 1,
        message: `column "${name}" is not a service field (the columns are: ${SERVICE_DRAFT_FIELDS.join(", ")})`,
      });
    } else if (columns.includes(field)) {
      problems.push({ line: 1, field, message: "this column appears twice" });
    } else {
      columns.push(field);
    }
  }
  if (!columns.includes("fullName")) {
    problems.push({ line: 1, field: "fullName", message: "the fullName column is missing" });
  }
  return { columns, problems };
};

/** A spreadsheet's "2025-03-14 11:00" is the datetime-local input's "2025-03-14T11:00". */
const normalizeCell = (field: keyof ServiceDraft, value: string) => {
  const trimmed = value.trim();
  if (field === "serviceDate") return trimmed.replace(/^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/, "$1T$2");
  return trimmed;
};

const buildDraftInput = (columns: (keyof ServiceDraft)[], cells: string[], template?: BatchTemplate) => {
  const input: Record<string, string> = {};
  columns.forEach((field, i) => {
    const value = normalizeCell(field, cells[i] ?? "");
    // A blank choice means "not given": the template's (or the builder's) default applies.
    if (value !== "" || !CHOICE_FIELDS.has(field)) input[field] = value;
  });
  if (template) {
    input.colorTheme ??= template.colorTheme;
    input.fontStyle ??= template.fontStyle;
    input.pageLayout ??= template.pageLayout;
    input.overlayEffect ??= template.overlayEffect;
    input.scripture ||= template.defaultScripture;
    input.officiant ||= template.defaultOfficiant;
    input.location ||= template.defaultLocation;
  }
  return input;
};

/** Checks one row's fields; a row that will be printed must name the person. */
export const validateServiceRow = (
  line: number,
  input: Record<string, string>,
): ServiceCsvRow | ServiceCsvProblem[] => {
  const problems: ServiceCsvProblem[] = [];
  // The page's cards may stay nameless while being filled in; a printed row never should.
  if (!input.fullName) problems.push({ line, field: "fullName", message: "Full name is required" });
  const result = serviceDraftSchema.safeParse(input);
  if (!result.success) {
    for (const issue of result.error.issues) {
      problems.push({ line, field: issue.path.map(String).join("."), message: issue.message });
    }
  }
  return result.success && problems.length === 0 ? { line, draft: result.data } : problems;
};

/** One CSV record's cells and the line it starts on. */
export type CsvRecord = { record: string[]; line: number };

/**
 * Reads CSV text as a spreadsheet saves it (BOM, quoted and multi-line cells, "" escapes, comma or
 * semicolon) into records, or the one problem that stopped the reading.
 */
export const readCsvRecords = (text: string): { records: CsvRecord[] } | { problem: ServiceCsvProblem } => {
  // csv-parse counts a CRLF inside a quoted cell as two lines: normalise first.
  const normalized = text.replace(/\r\n?/g, "\n");
  try {
    const parsed = parse(normalized, {
      bom: true,
      delimiter: detectDelimiter(normalized.replace(/^\uFEFF/, "")),
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return {
      records: parsed.map(({ record, info }) => ({ record, line: info.lines - countNewlines(record) })),
    };
  } catch (error) {
    const line = error instanceof CsvError ? Number((error as { lines?: number }).lines ?? 1) : 1;
    const reason = error instanceof Error ? error.message.replace(/^[^:]*: /, "") : String(error);
    return { problem: { line, message: `the file could not be read as CSV: ${reason}` } };
  }
};

/**
 * Parses CSV text (BOM, quoted and multi-line cells, "" escapes, comma or semicolon) into service
 * drafts. A row's blank cells take the template's look and default texts when one is given.
 * Every problem of every row is returned; rows with problems are left out of `rows`.
 */
export const parseServiceCsv = (
  text: string,
  options: { template?: BatchTemplate } = {},
): ServiceCsvResult => {
  const read = readCsvRecords(text);
  if ("problem" in read) return { rows: [], problems: [read.problem] };
  const records = read.records;
  const [header, ...body] = records;
  if (!header) return { rows: [], problems: [{ line: 1, message: "the file is empty" }] };

  // Each column must name a different service field, so a longer header is a mistake: one message, not thousands.
  if (header.record.length > SERVICE_DRAFT_FIELDS.length) {
    const message = `the header has ${header.record.length} columns; a service has at most ${SERVICE_DRAFT_FIELDS.length} fields (${SERVICE_DRAFT_FIELDS.join(", ")})`;
    return { rows: [], problems: [{ line: 1, message }] };
  }
  const services = body.filter(({ record }) => !record.every((cell) => cell.trim() === "")).length;
  if (services > MAX_BATCH_SIZE) {
    const message = `the file has ${services} services; one batch can have at most ${MAX_BATCH_SIZE}: please split it into several files`;
    return { rows: [], problems: [{ line: 2, message }] };
  }
  const { columns, problems } = readHeader(header.record);
  if (problems.length > 0) return { rows: [], problems };
  const rows: ServiceCsvRow[] = [];
  for (const { record, line } of body) {
    // Spreadsheets export trailing blank rows as ",,,": they are not services.
    if (record.every((cell) => cell.trim() === "")) continue;
    if (record.length > header.record.length) {
      problems.push({
        line,
        message: `this row has ${record.length} cells but the header has ${header.record.length} columns (a comma in an unquoted cell?)`,
      });
      continue;
    }
    const result = validateServiceRow(line, buildDraftInput(columns, record, options.template));
    if (Array.isArray(result)) problems.push(...result);
    else rows.push(result);
  }
  if (rows.length === 0 && problems.length === 0) {
    problems.push({ line: 2, message: "the file has a header but no services" });
  }
  return { rows, problems };
};
