import { loadStripe, type Stripe } from "@stripe/stripe-js";

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
