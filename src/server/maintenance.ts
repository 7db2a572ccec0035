// Housekeeping that no request triggers: without it an account that never saves a program would
// keep its abandoned uploads forever, and sessions nobody uses again would pile up, as would error
// reports anybody can send.
import { deleteExpiredRateLimits } from "./auth/rate-limit-store";
import { deleteExpiredSessions } from "./auth/service";
import { deleteOldErrorReports } from "./chatbot/service";
import { DEFAULT_ERROR_REPORT_DAYS } from "./config";
import { collectUnusedPhotos, type PhotoDeps } from "./photos/service";

const HOUR_MS = 60 * 60 * 1000;

/** What the rounds keep: error reports last seen fewer than this many days ago (ERROR_REPORT_DAYS). */
export type MaintenanceSettings = { errorReportDays: number };

/**
 * One round: expired sessions and rate-limit counts, old error reports, and every account's
 * abandoned uploads and photos removed longer than the grace period.
 */
export const runMaintenance = async (
  deps: PhotoDeps,
  now = new Date(),
  settings: MaintenanceSettings = { errorReportDays: DEFAULT_ERROR_REPORT_DAYS },
) => {
  await deleteExpiredSessions(deps.db, now);
  await deleteExpiredRateLimits(deps.db, now);
  await deleteOldErrorReports(deps.db, settings.errorReportDays, now);
  await collectUnusedPhotos(deps, undefined, now);
};

/**
 * Runs a round now and then every `everyMs`; answers the function that stops it, which waits for
 * a round in progress so the database is not closed under it.
 */
export const scheduleMaintenance = (deps: PhotoDeps, settings: MaintenanceSettings, everyMs = HOUR_MS) => {
  let current: Promise<void> = Promise.resolve();
  const round = () => {
    current = runMaintenance(deps, new Date(), settings).catch((error) =>
      console.error("Maintenance failed", error),
    );
  };
  round();
  const timer = setInterval(round, everyMs);
  return async () => {
    clearInterval(timer);
    await current;
  };
};
