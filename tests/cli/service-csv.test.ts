// The CSV reader shared by `memorial batch` and the batch page's import.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { BATCH_TEMPLATES } from "../../src/shared/constants";
import { formatCsvProblem, parseServiceCsv } from "../../src/shared/service-csv";
import {
  applyBatchTemplate,
  emptyServiceDraft,
  MAX_BATCH_SIZE,
  toProgramInput,
} from "../../src/shared/service-draft";
import { fixture } from "./run-cli";

const read = (name: string) => readFileSync(fixture(name), "utf8");
const traditional = BATCH_TEMPLATES.find((t) => t.id === "traditional")!;

test("a spreadsheet export with BOM, CRLF and accents reads cleanly", () => {
  const text = read("excel-bom-crlf.csv");
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const { rows, problems } = parseServiceCsv(text);
  expect(problems).toEqual([]);
  expect(rows.map((r) => [r.line, r.draft.fullName, r.draft.location])).toEqual([
    [2, "Anna Kowalska", "Kościół św. Anny, Kraków"],
    [3, "Brian Walsh", "Galway Cathedral"],
  ]);
});

test("quoted cells keep commas, doubled quotes and line breaks; lines count from the record's start", () => {
  const { rows, problems } = parseServiceCsv(read("quotes-and-newlines.csv"));
  expect(problems).toEqual([]);
  const [walt, dorothy] = rows;
  expect(walt?.line).toBe(2);
  expect(walt?.draft.fullName).toBe('Walter "Walt" Brennan');
  expect(walt?.draft.location).toBe("Chapel of Peace, 12 Main St.");
  expect(walt?.draft.lifeReflections).toBe(
    'He said: "Leave it better than you found it."\n\nAnd he did, every single day.',
  );
  expect(walt?.draft.scripture).toBe(
    "Blessed are the peacemakers,\nfor they shall be called children of God.",
  );
  expect(dorothy?.line).toBe(6);
  expect(dorothy?.draft.lifeReflections).toBe("Line one\nline two\nline three");
});

test("a bad row after a multi-line cell is reported at its own line, with every problem", () => {
  const text = 'fullName,lifeReflections,birthDate\n"Ann","one\ntwo",1931-04-12\nBob,x,1931-02-30\n';
  const { rows, problems } = parseServiceCsv(text);
  expect(rows.map((r) => r.draft.fullName)).toEqual(["Ann"]);
  expect(problems.map(formatCsvProblem)).toEqual([
    "line 4: birthDate: Birth date must be a date like 1931-04-12",
  ]);
});

test("blank choices take the template's look and blank texts its defaults; given cells win", () => {
  const text = "fullName,colorTheme,scripture\nAnn,,\nBob,ocean,John 3:16\n";
  const { rows } = parseServiceCsv(text, { template: traditional });
  expect(rows[0]?.draft).toMatchObject({
    colorTheme: "classic",
    fontStyle: "times",
    scripture: traditional.defaultScripture,
  });
  expect(rows[1]?.draft).toMatchObject({ colorTheme: "ocean", fontStyle: "times", scripture: "John 3:16" });
  expect(parseServiceCsv("fullName,colorTheme\nAnn,\n").rows[0]?.draft.colorTheme).toBe("classic");
});

test("semicolon files, case-insensitive headers and spreadsheet date-times are understood", () => {
  const { rows, problems } = parseServiceCsv(
    "FullName;ServiceDate;location\nAnn Lee;2025-03-14 11:00;Hall, A\n",
  );
  expect(problems).toEqual([]);
  expect(rows[0]?.draft).toMatchObject({
    fullName: "Ann Lee",
    serviceDate: "2025-03-14T11:00",
    location: "Hall, A",
  });
});

test("an empty file, a header alone and trailing blank rows", () => {
  expect(parseServiceCsv("").problems.map(formatCsvProblem)).toEqual(["line 1: the file is empty"]);
  expect(parseServiceCsv("fullName\n").problems.map(formatCsvProblem)).toEqual([
    "line 2: the file has a header but no services",
  ]);
  expect(parseServiceCsv("fullName,location\nAnn,Hall\n,\n,\n").rows).toHaveLength(1);
});

test("applying a template overwrites the look and fills only blank texts", () => {
  const draft = {
    ...emptyServiceDraft(),
    fullName: "Ann",
    colorTheme: "ocean" as const,
    officiant: "Rev. Lee",
  };
  const elegant = BATCH_TEMPLATES.find((t) => t.id === "elegant")!;
  expect(applyBatchTemplate(draft, elegant)).toMatchObject({
    colorTheme: "elegant",
    fontStyle: "playfair",
    pageLayout: "elegant",
    overlayEffect: "subtle",
    scripture: elegant.defaultScripture,
    officiant: "Rev. Lee",
  });
  expect(applyBatchTemplate({ ...draft, scripture: "Mine" }, elegant).scripture).toBe("Mine");
});

test("the payload is the draft plus empty program fields", () => {
  const payload = toProgramInput({ ...emptyServiceDraft(), fullName: "Ann" });
  expect(payload).toMatchObject({
    fullName: "Ann",
    mainPhotoUrl: "",
    pallbearers: "",
    serviceItems: [],
    additionalPhotos: [],
    tributes: [],
    backgroundImage: "",
    designToolIntegration: "",
  });
});

test("more services than one batch takes, or a header wider than the fields, is one clear problem", () => {
  const rows = Array.from({ length: MAX_BATCH_SIZE + 1 }, (_, i) => `Person ${i}`).join("\n");
  expect(parseServiceCsv(`fullName\n${rows}\n`)).toEqual({
    rows: [],
    problems: [
      {
        line: 2,
        message: `the file has ${MAX_BATCH_SIZE + 1} services; one batch can have at most ${MAX_BATCH_SIZE}: please split it into several files`,
      },
    ],
  });
  const wide = parseServiceCsv(
    `fullName,${Array.from({ length: 5000 }, (_, i) => `c${i}`).join(",")}\nAda\n`,
  );
  expect(wide.rows).toEqual([]);
  expect(wide.problems).toHaveLength(1);
  expect(wide.problems[0]?.message).toStartWith("the header has 5001 columns; a service has at most");
  const full = Array.from({ length: MAX_BATCH_SIZE }, (_, i) => `Person ${i}`).join("\n");
  expect(parseServiceCsv(`fullName\n${full}\n`).rows).toHaveLength(MAX_BATCH_SIZE);
});
