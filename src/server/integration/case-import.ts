import { and, eq } from "drizzle-orm";
import type { AppDatabase } from "../../../db/client";
import { importMappings } from "../../../db/schema";
import {
  CaseFileError,
  type CaseTable,
  checkCases,
  columnsKey,
  readCaseFile,
  suggestMapping,
} from "../../shared/case-import";
import type { ImportMapping, ImportPreview, ImportProblem, ImportRequest } from "../../shared/integration";
import { MAX_BATCH_SIZE, toProgramInput } from "../../shared/service-draft";
import { type CreatedProgram, createBatch } from "../batch/service";
import { AppError } from "../errors";

const fileProblem = (message: string) =>
  new AppError("VALIDATION", `The file could not be imported: ${message}`, [{ path: "content", message }]);

const readTable = ({ fileName, content }: ImportRequest): CaseTable => {
  try {
    return readCaseFile(fileName, content);
  } catch (error) {
    if (error instanceof CaseFileError) throw fileProblem(error.message);
    throw error;
  }
};

const savedMapping = (db: AppDatabase, ownerId: string, columns: string[]) =>
  db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.ownerId, ownerId), eq(importMappings.columnsKey, columnsKey(columns))))
    .get()?.mapping;

/** A mapping may only name the file's own columns; a column it leaves out is not imported. */
const checkMappingColumns = (mapping: ImportMapping, columns: string[]) => {
  const unknown = Object.keys(mapping).filter((c) => !columns.includes(c));
  if (unknown.length === 0) return;
  const fields = unknown.map((c) => ({ path: `mapping.${c}`, message: `the file has no column "${c}"` }));
  throw new AppError("VALIDATION", fields.map((f) => f.message).join("; "), fields);
};

/** The mapping to use: the one sent, else this account's saved one for these columns, else proposed. */
const chooseMapping = (db: AppDatabase, ownerId: string, table: CaseTable, given?: ImportMapping) => {
  if (given) {
    checkMappingColumns(given, table.columns);
    return { mapping: given, source: "given" as const };
  }
  const saved = savedMapping(db, ownerId, table.columns);
  if (saved) return { mapping: saved, source: "saved" as const };
  return { mapping: suggestMapping(table.columns), source: "suggested" as const };
};

/** What an import would do: the columns, the mapping, the first rows, and every problem. Writes nothing. */
export const previewImport = (db: AppDatabase, ownerId: string, request: ImportRequest): ImportPreview => {
  const table = readTable(request);
  const { mapping, source } = chooseMapping(db, ownerId, table, request.mapping);
  const { problems, preview } = checkCases(table, mapping);
  return {
    format: table.format,
    columns: table.columns,
    mapping,
    mappingSource: source,
    totalRows: table.records.length,
    previewRows: preview,
    problems,
  };
};

/** "row 3: birthDate: Birth date must be a date like 1931-04-12" */
export const describeImportProblem = ({ row, field, message }: ImportProblem) =>
  `row ${row}: ${field ? `${field}: ` : ""}${message}`;

/**
 * Creates one program per case, all or none: any problem in any row is a 400 naming every row
 * and field, and nothing is written. The mapping is saved for the next export of this shape.
 */
export const importCases = async (
  db: AppDatabase,
  ownerId: string,
  request: ImportRequest & { mapping: ImportMapping },
  now = new Date(),
): Promise<CreatedProgram[]> => {
  const table = readTable(request);
  checkMappingColumns(request.mapping, table.columns);
  if (table.records.length > MAX_BATCH_SIZE) {
    throw fileProblem(
      `an import can have at most ${MAX_BATCH_SIZE} cases; this file has ${table.records.length}`,
    );
  }
  const { drafts, problems } = checkCases(table, request.mapping);
  if (problems.length > 0) {
    const fields = problems.map((p) => ({
      path: `rows.${p.row}${p.field ? `.${p.field}` : ""}`,
      message: describeImportProblem(p),
    }));
    throw new AppError("VALIDATION", fields.map((f) => f.message).join("; "), fields);
  }
  const created = await createBatch(db, ownerId, drafts.map(toProgramInput));
  const key = columnsKey(table.columns);
  db.insert(importMappings)
    .values({ ownerId, columnsKey: key, mapping: request.mapping, updatedAt: now })
    .onConflictDoUpdate({
      target: [importMappings.ownerId, importMappings.columnsKey],
      set: { mapping: request.mapping, updatedAt: now },
    })
    .run();
  return created;
};
