import { type ProgramInput, programInputSchema } from "../shared/schemas";
import { CliError } from "./cli-error";
import { readUtf8File } from "./output-files";

/**
 * A program saved as JSON (the builder's JSON export or an API answer), validated by the same
 * schema as the API: every problem is named by its field, as "program.json: colorTheme: …".
 */
export const readProgramJson = async (path: string): Promise<ProgramInput> => {
  let data: unknown;
  try {
    data = JSON.parse(await readUtf8File(path));
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError(`${path}: not valid JSON (${error instanceof Error ? error.message : error})`);
  }
  const result = programInputSchema.safeParse(data);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${path}: ${issue.path.length > 0 ? `${issue.path.join(".")}: ` : ""}${issue.message}`,
  );
  throw new CliError(problems.join("\n"));
};
