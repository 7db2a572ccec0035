import { planLifting, UNLIMITED } from "../../../shared/entitlements";
import { useSubscriptionInfo } from "../../lib/entitlements";
import { PlanRequiredNotice } from "./plan-required";

/** Shown once the plan's program limit is reached: new programs need an upgrade, old ones stay. */
export function ProgramLimitNotice() {
  const { data } = useSubscriptionInfo();
  if (!data || data.limits.maxPrograms === UNLIMITED || data.usage.programs < data.limits.maxPrograms)
    return null;
  const plan = planLifting("maxPrograms", data.limits.maxPrograms);
  return (
    <PlanRequiredNotice
      plan={plan.name}
      text={`You have ${data.usage.programs} programs and your plan keeps up to ${data.limits.maxPrograms}. Upgrade to ${plan.name} for unlimited programs; every program you made stays yours to open, edit and print.`}
    />
  );
}
