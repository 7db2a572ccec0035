// How a plan refusal looks: the lock with the plan's name, and the way to the plans page.
import { Link, useNavigate } from "@tanstack/react-router";
import { Lock, Sparkles } from "lucide-react";
import type { ReactNode } from "react";
import { planById } from "../../../shared/entitlements";
import { Button } from "../../components/ui/button";
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast-store";

/** "Pro" with a lock: on a locked option, next to its name. */
export function PlanLock({ plan }: { plan: string }) {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
      <Lock aria-hidden="true" className="size-3" />
      {plan}
    </span>
  );
}

export function UpgradeButton({ plan, children }: { plan?: string; children?: ReactNode }) {
  return (
    <Button asChild size="sm">
      <Link to="/subscription">
        <Sparkles aria-hidden="true" />
        {children ?? (plan ? `Upgrade to ${plan}` : "See plans")}
      </Link>
    </Button>
  );
}

/** A visible panel for a locked part of the app: what it needs and the upgrade button. */
export function PlanRequiredNotice({ plan, text }: { plan: string; text: string }) {
  return (
    <div
      role="note"
      className="flex flex-col gap-3 rounded-lg border border-highlight/50 bg-highlight/10 p-4 sm:flex-row sm:items-center"
    >
      <p className="flex-1 text-sm">
        <PlanLock plan={plan} /> <span className="ml-1">{text}</span>
      </p>
      <UpgradeButton plan={plan} />
    </div>
  );
}

/** The plan a 402 names, when the failure is a plan refusal. */
const requiredPlanOf = (error: unknown) => {
  if (!(error instanceof ApiError) || error.status !== 402) return undefined;
  try {
    const { requiredPlan } = JSON.parse(error.body) as { requiredPlan?: string };
    return requiredPlan === "basic" || requiredPlan === "pro" ? planById(requiredPlan).name : undefined;
  } catch {
    return undefined;
  }
};

/** A failure toast that, for a plan refusal, carries the upgrade button to the plans page. */
export const toastFailure = (
  {
    title,
    description,
    variant = "destructive",
  }: { title: string; description: string; variant?: "destructive" },
  error: unknown,
  goToPlans: () => void,
) => {
  const plan = requiredPlanOf(error);
  toast({
    title,
    description,
    variant,
    ...(plan ? { action: { label: `Upgrade to ${plan}`, onClick: goToPlans } } : {}),
  });
};

/** Opens the plans page: the action of a plan refusal's toast. */
export const useGoToPlans = () => {
  const navigate = useNavigate();
  return () => navigate({ to: "/subscription" });
};
