// The "pure" entry adds Stripe's script only when loadStripe is called, not on every page.
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";

// Stripe's script is loaded from Stripe once per page and key, only when checkout opens.
const loaded = new Map<string, Promise<Stripe | null>>();

export const stripeFor = (publishableKey: string) => {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    loaded.set(publishableKey, stripe);
  }
  return stripe;
};
