import { createStripe } from "../../server/billing/stripe-client";
import { setUpStripeProducts } from "../../server/billing/stripe-setup";
import { loadConfig } from "../../server/config";
import { CliError } from "../cli-error";

/** `memorial stripe setup`: the plans' products and prices in the account of STRIPE_SECRET_KEY. */
export const setUpStripe = async (log: (line: string) => void = console.log) => {
  const config = loadConfig();
  if (!config.STRIPE_SECRET_KEY) {
    throw new CliError("STRIPE_SECRET_KEY is not set: set it to your Stripe secret key and run this again.");
  }
  try {
    for (const line of await setUpStripeProducts(createStripe(config))) {
      log(`${line.created ? "created" : "exists "}  ${line.lookupKey}  ${line.priceId}`);
    }
  } catch (error) {
    throw new CliError(`Stripe refused the setup: ${error instanceof Error ? error.message : String(error)}`);
  }
  log(
    "Stripe is ready. Point a webhook at https://<your host>/api/stripe/webhook (see docs/plans-and-billing.md).",
  );
};
