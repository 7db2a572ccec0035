// /subscription: the plans (Free, Basic, Pro) monthly or yearly, the account's current plan and
// its dates, Manage billing, and the return from a payment (?payment=success).
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { AlertTriangle, CreditCard, Info } from "lucide-react";
import { useState } from "react";
import { type BillingCycle, PLANS, type Plan } from "../../shared/constants";
import { LIVE_SUBSCRIPTION_STATUSES, planById } from "../../shared/entitlements";
import type { SubscriptionInfo } from "../../shared/schemas";
import { AppHeader } from "../components/layout/app-header";
import { SiteHeader } from "../components/layout/site-header";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Spinner } from "../components/ui/spinner";
import { PlanCard } from "../features/billing/plan-card";
import { formatLongDate } from "../features/billing/prices";
import { useBillingPortal } from "../features/billing/use-billing-portal";
import { usePaymentReturn } from "../features/billing/use-payment-return";
import { useSubscriptionInfo } from "../lib/entitlements";
import { useSession } from "../lib/session";

function CycleToggle({ cycle, onChange }: { cycle: BillingCycle; onChange: (cycle: BillingCycle) => void }) {
  return (
    <fieldset className="flex items-center justify-center gap-3">
      <legend className="sr-only">Billing period</legend>
      <div className="inline-flex rounded-full border bg-card p-1">
        {(["monthly", "yearly"] as const).map((option) => (
          <label
            key={option}
            className={`cursor-pointer rounded-full px-5 py-2 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring ${
              cycle === option
                ? "bg-primary text-primary-foreground"
                : "text-muted-foreground hover:text-foreground"
            }`}
          >
            <input
              type="radio"
              name="billing-cycle"
              value={option}
              checked={cycle === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {option === "monthly" ? "Monthly" : "Yearly"}
          </label>
        ))}
      </div>
      {cycle === "yearly" && (
        <Badge variant="secondary" className="bg-emerald-100 text-emerald-800">
          Save 17%
        </Badge>
      )}
    </fieldset>
  );
}

/** Where the account stands: its plan, renewal or end date, trial days, a failed payment. */
function CurrentSubscription({ info }: { info: SubscriptionInfo }) {
  const portal = useBillingPortal();
  const plan = planById(info.tier);
  return (
    <section aria-labelledby="current-plan" className="rounded-lg border bg-card p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1">
          <h2 id="current-plan" className="text-lg font-semibold">
            Your plan:{" "}
            {info.tier === "free" && info.trial.active ? "Free trial (every Pro feature)" : plan.name}
          </h2>
          {info.endsAt && (
            <p className="text-muted-foreground">
              {info.status === "active" ? "Renews on" : "Expires on"} {formatLongDate(info.endsAt)}
            </p>
          )}
          {info.billingEnabled && info.tier === "free" && info.trial.active && (
            <p className="text-sm text-muted-foreground">
              Your free trial has {info.trial.daysLeft} day{info.trial.daysLeft === 1 ? "" : "s"} left. Until
              then you have every Pro feature: all themes, fonts and overlays, no watermark, batch generation
              and integrations. Afterwards your account moves to Free unless you choose a plan; nothing you
              made is lost.
            </p>
          )}
          {info.billingEnabled && info.limits.maxPrograms !== -1 && (
            <p className="text-sm text-muted-foreground">
              {info.usage.programs} of {info.limits.maxPrograms} programs used. Programs you already have stay
              yours to open, edit and print.
            </p>
          )}
        </div>
        {info.canManageBilling && (
          <Button variant="outline" onClick={() => portal.mutate()} disabled={portal.isPending}>
            <CreditCard aria-hidden="true" />
            Manage billing
          </Button>
        )}
      </div>
      {info.status === "past_due" && (
        <p role="alert" className="mt-3 flex items-start gap-2 rounded-md bg-destructive/10 p-3 text-sm">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
          Your last payment did not go through. Please update your card under Manage billing; your plan stays
          active while the payment is retried.
        </p>
      )}
    </section>
  );
}

function PlanButton({ plan, cycle, info }: { plan: Plan; cycle: BillingCycle; info: SubscriptionInfo }) {
  const navigate = useNavigate();
  const portal = useBillingPortal();
  if (!info.billingEnabled) {
    // Without payments every account has everything: no plan is "current", none can be bought.
    return plan.id === "free" ? null : (
      <Button className="w-full" variant="outline" disabled>
        Not available on this server
      </Button>
    );
  }
  if (plan.id === info.tier) {
    return (
      <Button className="w-full" variant="outline" disabled>
        Current Plan
      </Button>
    );
  }
  const subscribed = LIVE_SUBSCRIPTION_STATUSES.has(info.status) && info.tier !== "free";
  if (subscribed) {
    // Plan changes and cancelling go through Stripe's portal, so nobody pays for two subscriptions.
    return (
      <Button
        className="w-full"
        variant="outline"
        onClick={() => portal.mutate()}
        disabled={portal.isPending}
      >
        {plan.id === "free" ? "Cancel in Manage billing" : `Switch to ${plan.name}`}
      </Button>
    );
  }
  if (plan.id === "free") return null;
  return (
    <Button
      className="w-full"
      variant={plan.popular ? "default" : "outline"}
      onClick={() => navigate({ to: "/subscribe/$tier/$billing", params: { tier: plan.id, billing: cycle } })}
    >
      Subscribe to {plan.name}
    </Button>
  );
}

function SignInPrompt() {
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader />
      <main className="flex flex-1 items-center justify-center px-4 py-16">
        <div className="max-w-md text-center">
          <h1 className="mb-3 text-3xl font-medium text-primary">Choose Your Plan</h1>
          <p className="mb-6 text-muted-foreground">Please sign in to see and choose your plan.</p>
          <Button asChild>
            <Link to="/login">Sign In</Link>
          </Button>
        </div>
      </main>
    </div>
  );
}

export function SubscriptionPage() {
  const { user } = useSession();
  const { payment } = useSearch({ strict: false }) as { payment?: string };
  const info = useSubscriptionInfo();
  const [cycle, setCycle] = useState<BillingCycle>("monthly");
  usePaymentReturn(user ? payment : undefined);
  if (!user) return <SignInPrompt />;
  if (info.error) throw info.error;
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-8 px-4 py-10 sm:px-6">
        <div className="text-center">
          <h1 className="text-3xl font-medium text-primary sm:text-4xl">Choose Your Plan</h1>
          <p className="mt-2 text-muted-foreground">
            Every plan keeps your programs safe. Change or cancel any time.
          </p>
        </div>
        {!info.data ? (
          <div className="flex justify-center py-16">
            <Spinner label="Loading your plan" />
          </div>
        ) : (
          <>
            {!info.data.billingEnabled && (
              <p role="note" className="flex items-start gap-2 rounded-lg border bg-card p-4 text-sm">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                Payments are not set up on this server, so every account here has every feature, free of
                charge.
              </p>
            )}
            {info.data.billingEnabled && <CurrentSubscription info={info.data} />}
            <CycleToggle cycle={cycle} onChange={setCycle} />
            <div className="grid gap-6 pt-2 md:grid-cols-3">
              {PLANS.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  cycle={cycle}
                  current={info.data.billingEnabled && plan.id === info.data.tier}
                >
                  <PlanButton plan={plan} cycle={cycle} info={info.data} />
                </PlanCard>
              ))}
            </div>
          </>
        )}
      </main>
    </div>
  );
}
