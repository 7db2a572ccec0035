// Subscriptions: checkout starts an incomplete Stripe subscription for the browser's payment form;
// only the signed webhook (./webhook.ts) changes a tier.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import type { AppDatabase } from "../../../db/client";
import { type UserRow, users } from "../../../db/schema";
import {
  isTrialActive,
  LIVE_SUBSCRIPTION_STATUSES,
  limitFor,
  trialDaysLeft,
} from "../../shared/entitlements";
import type { SubscriptionInfo, SubscriptionRequest, User } from "../../shared/schemas";
import { AppError, notFound } from "../errors";
import { countPrograms } from "../programs/service";
import { priceLookupKey } from "./stripe-client";

export type BillingDeps = {
  db: AppDatabase;
  /** Absent when billing is off. */
  stripe?: Stripe;
  publishableKey?: string;
};

const billingOff = () => new AppError("SERVICE_UNAVAILABLE", "Payments are not set up on this server.");

const requireStripe = (deps: BillingDeps) => {
  if (!deps.stripe) throw billingOff();
  return deps.stripe;
};

/** A refusal or outage at Stripe becomes a clear 503 instead of an internal error. */
const viaStripe = async <T>(call: () => Promise<T>): Promise<T> => {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      `The payment service could not complete this: ${error.message}`,
    );
  }
};

const userRow = (db: AppDatabase, userId: string): UserRow => {
  const row = db.select().from(users).where(eq(users.id, userId)).get();
  if (!row) throw notFound("User not found");
  return row;
};

export const subscriptionInfo = async (deps: BillingDeps, user: User): Promise<SubscriptionInfo> => {
  const row = userRow(deps.db, user.id);
  const trialActive = isTrialActive(user);
  const subscribed = row.subscriptionStatus !== null;
  return {
    tier: row.subscriptionTier,
    status: row.subscriptionStatus ?? (trialActive ? "trialing" : "none"),
    endsAt: subscribed
      ? (row.subscriptionEndsAt?.toISOString() ?? null)
      : trialActive && user.billingEnabled
        ? user.trialEndsAt
        : null,
    usage: { programs: await countPrograms(deps.db, user.id) },
    limits: { maxPrograms: limitFor(user, "maxPrograms") },
    billingEnabled: user.billingEnabled,
    publishableKey: user.billingEnabled ? (deps.publishableKey ?? null) : null,
    trial: { active: trialActive, daysLeft: trialDaysLeft(user), endsAt: user.trialEndsAt },
    canManageBilling: Boolean(deps.stripe && row.stripeCustomerId),
  };
};

const findPrice = async (stripe: Stripe, request: SubscriptionRequest) => {
  const lookupKey = priceLookupKey(request.tier, request.billing);
  const prices = await stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 });
  const price = prices.data[0];
  if (!price) {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      `The ${request.tier} ${request.billing} price is not set up in Stripe yet (run: memorial stripe setup).`,
    );
  }
  return price;
};

const ensureCustomer = async (deps: BillingDeps, stripe: Stripe, row: UserRow) => {
  if (row.stripeCustomerId) return row.stripeCustomerId;
  const customer = await stripe.customers.create({
    email: row.email,
    name: `${row.firstName} ${row.lastName}`,
    metadata: { userId: row.id },
  });
  deps.db.update(users).set({ stripeCustomerId: customer.id }).where(eq(users.id, row.id)).run();
  return customer.id;
};

/**
 * An incomplete subscription whose first invoice the browser pays with Stripe's payment form;
 * answers that invoice's client secret. The customer is made once and reused.
 */
export const createSubscription = async (deps: BillingDeps, user: User, request: SubscriptionRequest) => {
  const stripe = requireStripe(deps);
  const row = userRow(deps.db, user.id);
  if (row.subscriptionStatus && LIVE_SUBSCRIPTION_STATUSES.has(row.subscriptionStatus)) {
    throw new AppError(
      "CONFLICT",
      "You already have a subscription. Use Manage billing to change or cancel it, so you are never charged twice.",
    );
  }
  const price = await viaStripe(() => findPrice(stripe, request));
  const customer = await viaStripe(() => ensureCustomer(deps, stripe, row));
  const subscription = await viaStripe(() =>
    stripe.subscriptions.create({
      customer,
      items: [{ price: price.id }],
      payment_behavior: "default_incomplete",
      payment_settings: { save_default_payment_method: "on_subscription" },
      metadata: { userId: row.id, tier: request.tier, billing: request.billing },
      expand: ["latest_invoice.confirmation_secret"],
    }),
  );
  const invoice = subscription.latest_invoice as Stripe.Invoice | null;
  const clientSecret = invoice?.confirmation_secret?.client_secret;
  if (!clientSecret) throw new AppError("SERVICE_UNAVAILABLE", "No client secret received");
  return { clientSecret, subscriptionId: subscription.id };
};

/** Stripe's billing portal (card, invoices, cancel), returning to `returnUrl`. */
export const createPortalSession = async (deps: BillingDeps, user: User, returnUrl: string) => {
  const stripe = requireStripe(deps);
  const row = userRow(deps.db, user.id);
  if (!row.stripeCustomerId) {
    throw new AppError("CONFLICT", "There is no billing account yet: choose a plan first.");
  }
  const customer = row.stripeCustomerId;
  const session = await viaStripe(() =>
    stripe.billingPortal.sessions.create({ customer, return_url: returnUrl }),
  );
  return { url: session.url };
};
