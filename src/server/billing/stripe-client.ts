import Stripe from "stripe";
import type { BillingCycle, PlanTier } from "../../shared/constants";
import type { Config } from "../config";

export type PaidTier = Exclude<PlanTier, "free">;

/** The Stripe SDK for this server's account; STRIPE_API_BASE points it at another address. */
export const createStripe = (config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_API_BASE">) => {
  if (!config.STRIPE_SECRET_KEY) throw new Error("Billing is off: STRIPE_SECRET_KEY is not set");
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: base ? 0 : 2,
    ...(base
      ? {
          host: base.hostname,
          port: Number(base.port || (base.protocol === "https:" ? 443 : 80)),
          protocol: base.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
};

/** Prices are found by lookup key, so the account's price ids never need configuring. */
export const priceLookupKey = (tier: PaidTier, billing: BillingCycle) => `keepsake_${tier}_${billing}`;

export const parseLookupKey = (key: string | null | undefined) => {
  const match = /^keepsake_(basic|pro)_(monthly|yearly)$/.exec(key ?? "");
  return match ? { tier: match[1] as PaidTier, billing: match[2] as BillingCycle } : undefined;
};
