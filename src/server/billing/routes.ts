import { Elysia } from "elysia";
import type Stripe from "stripe";
import type { AppDatabase } from "../../../db/client";
import { subscriptionRequestSchema } from "../../shared/schemas";
import { authPlugin } from "../auth/plugin";
import type { Config } from "../config";
import { AppError } from "../errors";
import type { OwnOrigin } from "../http/own-origin";
import { parseInput } from "../http/parse-input";
import { createPortalSession, createSubscription, subscriptionInfo } from "./service";
import { createStripe } from "./stripe-client";
import { receiveStripeWebhook } from "./webhook";

/** The checkout page reads `error` and `details` from a failed create; our usual body is kept too. */
const asCheckoutError = (error: unknown, set: { status?: number | string }) => {
  if (!(error instanceof AppError)) throw error;
  set.status = error.status;
  const details = error.fields?.map((f) => `${f.path}: ${f.message}`).join("; ") || error.message;
  return { ...error.toBody(), error: error.message, details };
};

/** `ownOrigin`: where Stripe sends the family back, from the configuration, never a request's Host. */
export const billingRoutes = (db: AppDatabase, config: Config, ownOrigin: OwnOrigin, stripe?: Stripe) => {
  const billingEnabled = stripe !== undefined;
  const deps = { db, stripe, publishableKey: config.STRIPE_PUBLISHABLE_KEY };
  return (
    new Elysia()
      .use(authPlugin(db, billingEnabled))
      .get("/subscription/info", ({ user }) => subscriptionInfo(deps, user), { auth: "session" })
      .post(
        "/subscription/create",
        async ({ user, body, set }) => {
          try {
            const { clientSecret } = await createSubscription(
              deps,
              user,
              parseInput(subscriptionRequestSchema, body),
            );
            return { clientSecret };
          } catch (error) {
            return asCheckoutError(error, set);
          }
        },
        { auth: "session" },
      )
      .post(
        "/subscription/portal",
        ({ user }) => createPortalSession(deps, user, `${ownOrigin.origin}/subscription`),
        { auth: "session" },
      )
      // Stripe signs the exact bytes it sent: the body must reach the check unparsed.
      .post(
        "/stripe/webhook",
        async ({ request }) =>
          receiveStripeWebhook(
            { db, stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET },
            await request.text(),
            request.headers.get("stripe-signature"),
          ),
        { parse: "none" },
      )
  );
};

/** The Stripe client when billing is on (a secret key is set), else undefined: nothing calls Stripe. */
export const stripeFor = (config: Config) => (config.STRIPE_SECRET_KEY ? createStripe(config) : undefined);
