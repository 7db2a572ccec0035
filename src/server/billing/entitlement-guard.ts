// The server's side of the entitlement table: every refusal is a 402 naming the plan that lifts it.
import type { DbOrTx } from "../../../db/client";
import {
  can,
  FEATURE_NAMES,
  type Feature,
  limitFor,
  lockedDesignChoice,
  planLifting,
  planUnlocking,
  UNLIMITED,
} from "../../shared/entitlements";
import type { ProgramInput, User } from "../../shared/schemas";
import { PlanRequiredError } from "../errors";
import { countPrograms } from "../programs/service";

const featureRefusal = (feature: Feature) => {
  const plan = planUnlocking(feature);
  const { name, plural } = FEATURE_NAMES[feature];
  return new PlanRequiredError(
    `${name} ${plural ? "are" : "is"} part of the ${plan.name} plan. Upgrade to ${plan.name} to use ${plural ? "them" : "it"}.`,
    plan,
    feature,
  );
};

const DESIGN_FIELD_NAMES = {
  colorTheme: "colour theme",
  fontStyle: "font",
  overlayEffect: "overlay effect",
  backgroundImage: "background image",
} as const;

export const requireFeature = (user: User, feature: Feature) => {
  if (!can(user, feature)) throw featureRefusal(feature);
};

/**
 * Refuses only new programs beyond the plan's limit: programs already kept (made during the
 * trial or on a paid plan) stay readable, editable and printable after a downgrade.
 */
export const requireRoomForPrograms = async (db: DbOrTx, user: User, adding: number) => {
  const limit = limitFor(user, "maxPrograms");
  if (limit === UNLIMITED) return;
  const kept = await countPrograms(db, user.id);
  if (kept + adding <= limit) return;
  const plan = planLifting("maxPrograms", limit);
  throw new PlanRequiredError(
    `Your plan keeps up to ${limit} programs and you have ${kept}. Upgrade to ${plan.name} for unlimited programs; every program you made stays yours to open, edit and print.`,
    plan,
    "maxPrograms",
  );
};

/** Refuses a theme, font, overlay or background the plan lacks, unless the program already had it. */
export const requireDesignAllowed = (user: User, input: ProgramInput, previous?: ProgramInput) => {
  const locked = lockedDesignChoice(user, input, previous);
  if (!locked) return;
  const refusal = featureRefusal(locked.feature);
  const plan = refusal.requiredPlan.name;
  const choice =
    locked.field === "backgroundImage"
      ? "A background image"
      : `The ${DESIGN_FIELD_NAMES[locked.field]} "${locked.value}"`;
  const message = `${choice} needs the ${plan} plan. Upgrade to ${plan} to use it; programs that already have it keep it.`;
  throw new PlanRequiredError(message, refusal.requiredPlan, locked.feature, [
    { path: locked.field, message },
  ]);
};
