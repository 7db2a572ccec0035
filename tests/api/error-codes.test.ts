// Every error code the server can answer is one the OpenAPI document's Error schema lists, with
// the status the server sends: both come from src/shared/error-codes.ts.
import { expect, test } from "bun:test";
import { relative } from "node:path";
import { createOpenApiDocument } from "../../src/server/docs/openapi-document";
import { ERROR_CODES } from "../../src/shared/error-codes";
import { REPO } from "../cli/run-cli";

// Where a code is chosen: thrown as an AppError (or a subclass's super call), or answered by the
// error handler. `\s*` spans the line break Biome puts after a long call's parenthesis.
const CODE_SITES = [/new AppError\(\s*"([A-Z_]+)"/g, /super\(\s*"([A-Z_]+)"/g, /\bcode:\s*"([A-Z_]+)"/g];
const ANSWER_SITE = /answer\(\s*set,\s*"([A-Z_]+)"/g;

const codesIn = (source: string) =>
  [...CODE_SITES, ANSWER_SITE].flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => match[1] ?? ""),
  );

test("the scan finds each way the server chooses a code", () => {
  const source = [
    'throw new AppError(\n  "CONFLICT",\n  "Someone else saved first.",\n);',
    'super("PAYMENT_REQUIRED", message, fields);',
    'return answer(set, "STORAGE_UNAVAILABLE", STORAGE_UNAVAILABLE_MESSAGE);',
    'return { message: "Not found", code: "NOT_FOUND" };',
  ].join("\n");
  expect(codesIn(source)).toEqual(["CONFLICT", "PAYMENT_REQUIRED", "NOT_FOUND", "STORAGE_UNAVAILABLE"]);
});

test("every code the server answers is in the API document's Error schema", async () => {
  const answered = new Map<string, string>();
  for await (const path of new Bun.Glob("src/server/**/*.ts").scan({ cwd: REPO, absolute: true })) {
    for (const code of codesIn(await Bun.file(path).text())) answered.set(code, relative(REPO, path));
  }
  expect(answered.size).toBeGreaterThan(8);
  const document: any = createOpenApiDocument();
  const documented: string[] = document.components.schemas.Error.properties.code.enum;
  const missing = [...answered].filter(([code]) => !documented.includes(code));
  expect(missing).toEqual([]);
  expect(documented.sort()).toEqual(Object.keys(ERROR_CODES).sort());
});
