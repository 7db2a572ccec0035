import { Check } from "lucide-react";
import type { ReactNode } from "react";
import type { BillingCycle, Plan } from "../../../shared/constants";
import { Badge } from "../../components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { formatUsd, yearlySaving } from "./prices";

/** One plan of the plans page: price for the chosen cycle, its features, and its button. */
export function PlanCard({
  plan,
  cycle,
  current,
  children,
}: {
  plan: Plan;
  cycle: BillingCycle;
  current: boolean;
  children: ReactNode;
}) {
  const price = cycle === "monthly" ? plan.monthlyPrice : plan.yearlyPrice;
  const saving = yearlySaving(plan);
  return (
    <Card
      aria-labelledby={`plan-${plan.id}`}
      role="region"
      className={cn(
        "relative flex flex-col",
        plan.popular && "border-2 border-primary",
        current && "bg-muted/40",
      )}
    >
      {plan.popular && <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">Most Popular</Badge>}
      <CardHeader>
        <CardTitle id={`plan-${plan.id}`} className="font-serif text-2xl">
          {plan.name}
        </CardTitle>
        <CardDescription>{plan.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-4">
        <p>
          <span className="text-4xl font-semibold text-primary">{formatUsd(price)}</span>
          <span className="text-muted-foreground">
            {price === 0 ? "" : cycle === "monthly" ? "/month" : "/year"}
          </span>
        </p>
        {cycle === "yearly" && saving > 0 && (
          <p className="-mt-2 text-sm font-medium text-emerald-700">Save {formatUsd(saving)} per year</p>
        )}
        <ul className="grid gap-2 text-sm">
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              {feature}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>{children}</CardFooter>
    </Card>
  );
}
