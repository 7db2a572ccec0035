import { closeDatabase, openAppDatabase } from "../../../db/client";
import { listErrorReports } from "../../server/chatbot/service";
import { loadConfig } from "../../server/config";

const ONE_LINE = 160;

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > ONE_LINE ? `${flat.slice(0, ONE_LINE - 3)}...` : flat;
};

/** `memorial reports`: the newest automatic error reports from the web app, for the operator. */
export const showErrorReports = async (
  options: { limit: number; stack?: boolean; json?: boolean },
  log: (line: string) => void = console.log,
) => {
  const { dataDir, DATABASE_URL } = loadConfig();
  const db = await openAppDatabase({ dataDir, databaseUrl: DATABASE_URL });
  try {
    const reports = await listErrorReports(db, options.limit);
    if (options.json) return log(JSON.stringify(reports, null, 2));
    if (reports.length === 0) return log("No error reports.");
    for (const r of reports) {
      const who = r.userId ? `user ${r.userId}` : r.visitorId ? "visitor" : "anonymous";
      log(
        `${r.lastSeenAt.toISOString()}  x${r.count}  ${r.errorType}  ${r.type}${r.statusCode ? ` ${r.statusCode}` : ""}  ${r.page || "-"}  (${who})`,
      );
      log(`    ${oneLine(r.message)}`);
      if (options.stack && r.stack) for (const line of r.stack.split("\n").slice(0, 12)) log(`      ${line}`);
    }
  } finally {
    await closeDatabase(db);
  }
};
