import { Link } from "@tanstack/react-router";
import { Sparkles } from "lucide-react";
import { isTrialActive, planById, trialDaysLeft } from "../../../shared/entitlements";
import { Button } from "../../components/ui/button";
import { useSession } from "../../lib/session";

/** The header's way to the plans page, saying where the account stands (trial days, plan). */
export function PlanLink() {
  const { user } = useSession();
  if (!user) return null;
  const paid = user.subscriptionTier === "free" ? undefined : planById(user.subscriptionTier);
  const days = trialDaysLeft(user);
  const label = !user.billingEnabled
    ? "Plans"
    : paid
      ? `${paid.name} plan`
      : isTrialActive(user)
        ? `Free trial: ${days} day${days === 1 ? "" : "s"} left`
        : "Upgrade";
  return (
    <Button asChild variant={user.billingEnabled && !paid ? "outline" : "ghost"} size="sm">
      <Link to="/subscription">
        <Sparkles aria-hidden="true" />
        {label}
      </Link>
    </Button>
  );
}
