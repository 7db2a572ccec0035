import { can } from "../../shared/entitlements";
import type { User } from "../../shared/schemas";

/** Accounts whose plan lacks `noWatermark` (Free after the trial) get the watermark. */
export const needsWatermark = (user: User, now = new Date()) => !can(user, "noWatermark", now);
