import { and, eq } from "drizzle-orm";
import { type AppDatabase, write } from "../../../db/client";
import { importMappings } from "../../../db/schema";
import {
  type CaseFileRead,
  type CaseTable,
  checkCases,
  columnsKey,
  suggestMapping,
} from "../../shared/case-import";
import type { ImportMapping, ImportPreview, ImportProblem, ImportRequest } from "../../shared/integration";
import { MAX_BATCH_SIZE, toProgramInput } from "../../shared/service-draft";
import { type BatchLimits, type CreatedProgram, createBatch } from "../batch/service";
import { AppError } from "../errors";
import { offThread } from "../off-thread/worker-client";

const fileProblem = (message: string) =>
  new AppError("VALIDATION", `The file could not be imported: ${message}`, [{ path: "content", message }]);

const readCaseFileOffThread = offThread<{ fileName: string; content: string }, CaseFileRead>({
  source: new URL("./case-file-worker.ts", import.meta.url),
  builtName: "case-file-worker.js",
  label: "Reading the case file",
});

const readTable = async ({ fileName, content }: ImportRequest): Promise<CaseTable> => {
  const read = await readCaseFileOffThread({ fileName, content });
  if ("problem" in read) throw fileProblem(read.problem);
  return read.table;
};

const savedMapping = async (db: AppDatabase, ownerId: string, columns: string[]) => {
  const [row] = await db
    .select({ mapping: importMappings.mapping })
    .from(importMappings)
    .where(and(eq(importMappings.ownerId, ownerId), eq(importMappings.columnsKey, columnsKey(columns))));
  return row?.mapping;
};

/** A mapping may only name the file's own columns; a column it leaves out is not imported. */
const checkMappingColumns = (mapping: ImportMapping, columns: string[]) => {
  const known = new Set(columns);
  const unknown = Object.keys(mapping).filter((c) => !known.has(c));
  if (unknown.length === 0) return;
  const fields = unknown.map((c) => ({ path: `mapping.${c}`, message: `the file has no column "${c}"` }));
  throw new AppError("VALIDATION", fields.map((f) => f.message).join("; "), fields);
};

/** The mapping to use: the one sent, else this account's saved one for these columns, else proposed. */
const chooseMapping = async (db: AppDatabase, ownerId: string, table: CaseTable, given?: ImportMapping) => {
  if (given) {
    checkMappingColumns(given, table.columns);
    return { mapping: given, source: "given" as const };
  }
  const saved = await savedMapping(db, ownerId, table.columns);
  if (saved) return { mapping: saved, source: "saved" as const };
  return { mapping: suggestMapping(table.columns), source: "suggested" as const };
};

/** What an import would do: the columns, the mapping, the first rows, and every problem. Writes nothing. */
export const previewImport = async (
  db: AppDatabase,
  ownerId: string,
  request: ImportRequest,
): Promise<ImportPreview> => {
  const table = await readTable(request);
  const { mapping, source } = await chooseMapping(db, ownerId, table, request.mapping);
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
const describeImportProblem = ({ row, field, message }: ImportProblem) =>
  `row ${row}: ${field ? `${field}: ` : ""}${message}`;

/**
 * Creates one program per case, all or none: any problem in any row is a 400 naming every row
 * and field, and nothing is written. The mapping is saved for the next export of this shape.
 */
export const importCases = async (
  db: AppDatabase,
  ownerId: string,
  request: ImportRequest & { mapping: ImportMapping },
  limits: BatchLimits,
  now = new Date(),
): Promise<CreatedProgram[]> => {
  const table = await readTable(request);
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
  const key = columnsKey(table.columns);
  // The programs and the saved mapping are one transaction (createBatch's joins this one).
  return write(db, async (tx) => {
    const created = await createBatch(db, ownerId, drafts.map(toProgramInput), limits);
    await tx
      .insert(importMappings)
      .values({ ownerId, columnsKey: key, mapping: request.mapping, updatedAt: now })
      .onConflictDoUpdate({
        target: [importMappings.ownerId, importMappings.columnsKey],
        set: { mapping: request.mapping, updatedAt: now },
      });
    return created;
  });
};
