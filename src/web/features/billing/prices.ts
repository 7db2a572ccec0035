import type { Plan } from "../../../shared/constants";

export const formatUsd = (amount: number) => `$${amount.toFixed(2)}`;

/** What a year costs less when paid yearly: 12 monthly payments minus the yearly price. */
export const yearlySaving = (plan: Plan) =>
  Math.round((plan.monthlyPrice * 12 - plan.yearlyPrice) * 100) / 100;

export const formatLongDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
