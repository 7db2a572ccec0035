// Stripe's signed webhook: the only thing that changes an account's tier. Each event is applied
// once (its id is recorded in the same transaction) and an event telling of an older state than
// the one applied is ignored (see isOlderState), so redelivered and reordered events cannot undo
// a newer state.
import { eq, type SQL, sql } from "drizzle-orm";
import type Stripe from "stripe";
import { type AppDatabase, type Tx, write } from "../../../db/client";
import { stripeEvents, type UserRow, users } from "../../../db/schema";
import type { STRIPE_WEBHOOK_OUTCOMES } from "../../shared/api-answers";
import type { PlanTier } from "../../shared/constants";
import { LIVE_SUBSCRIPTION_STATUSES } from "../../shared/entitlements";
import { AppError } from "../errors";
import { parseLookupKey } from "./stripe-client";

export type WebhookDeps = { db: AppDatabase; stripe?: Stripe; webhookSecret?: string };

type UserChange = Partial<
  Pick<UserRow, "subscriptionTier" | "stripeSubscriptionId" | "subscriptionStatus" | "subscriptionEndsAt">
>;
export type WebhookOutcome = (typeof STRIPE_WEBHOOK_OUTCOMES)[number];

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? undefined);

const fromSeconds = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

const tierOf = (subscription: Stripe.Subscription): PlanTier => {
  const price = subscription.items.data[0]?.price;
  const fromPrice = parseLookupKey(price?.lookup_key)?.tier;
  const fromMetadata = subscription.metadata?.tier;
  return fromPrice ?? (fromMetadata === "basic" || fromMetadata === "pro" ? fromMetadata : "free");
};

const subscriptionChange = (subscription: Stripe.Subscription, deleted: boolean): UserChange => {
  const status = deleted
    ? "canceled"
    : subscription.cancel_at_period_end && subscription.status === "active"
      ? "canceling"
      : subscription.status;
  const periodEnd = subscription.items.data[0]?.current_period_end ?? subscription.cancel_at;
  return {
    stripeSubscriptionId: subscription.id,
    subscriptionStatus: status,
    subscriptionEndsAt: fromSeconds(deleted ? (subscription.ended_at ?? periodEnd) : periodEnd),
    // An incomplete (unpaid) or ended subscription gives nothing: the account is on Free.
    subscriptionTier: LIVE_SUBSCRIPTION_STATUSES.has(status) ? tierOf(subscription) : "free",
  };
};

const invoiceSubscription = (invoice: Stripe.Invoice) => invoice.parent?.subscription_details ?? undefined;

const invoiceChange = (invoice: Stripe.Invoice, paid: boolean, row: UserRow): UserChange | undefined => {
  const details = invoiceSubscription(invoice);
  const subscriptionId = idOf(details?.subscription);
  // Only the account's current subscription's invoices count; a stray old one changes nothing.
  if (!subscriptionId || (row.stripeSubscriptionId && row.stripeSubscriptionId !== subscriptionId))
    return undefined;
  if (!paid) return { stripeSubscriptionId: subscriptionId, subscriptionStatus: "past_due" };
  // The metadata holds the plan chosen at checkout; a later change in the billing portal moves
  // the price, not the metadata. So it only decides the tier of a first payment.
  const checkoutTier = details?.metadata?.tier;
  const periodEnd = invoice.lines.data[0]?.period?.end;
  return {
    stripeSubscriptionId: subscriptionId,
    subscriptionStatus: row.subscriptionStatus === "canceling" ? "canceling" : "active",
    subscriptionEndsAt: fromSeconds(periodEnd) ?? row.subscriptionEndsAt,
    subscriptionTier:
      row.subscriptionTier === "free" && (checkoutTier === "basic" || checkoutTier === "pro")
        ? checkoutTier
        : row.subscriptionTier,
  };
};

/**
 * The account's row, read through an update that changes nothing: on PostgreSQL that locks the row
 * until the transaction ends (SELECT … FOR UPDATE, which SQLite lacks; its writes already take
 * turns), so two events for one account apply one after the other, the second seeing the first.
 */
const lockedAccount = async (tx: Tx, where: SQL) => {
  const [row] = await tx
    .update(users)
    .set({ updatedAt: sql`${users.updatedAt}` })
    .where(where)
    .returning();
  return row;
};

const accountFor = async (tx: Tx, customerId: string | undefined, userId: string | undefined) => {
  const byCustomer = customerId ? await lockedAccount(tx, eq(users.stripeCustomerId, customerId)) : undefined;
  if (byCustomer || !userId) return byCustomer;
  return lockedAccount(tx, eq(users.id, userId));
};

/** What the event changes on its account, or undefined when it concerns none of ours. */
const changeFor = async (tx: Tx, event: Stripe.Event) => {
  switch (event.type) {
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const subscription = event.data.object;
      const row = await accountFor(tx, idOf(subscription.customer), subscription.metadata?.userId);
      if (!row) return undefined;
      const change = subscriptionChange(subscription, event.type === "customer.subscription.deleted");
      const item = subscription.items.data[0];
      const period = item && { start: item.current_period_start, end: item.current_period_end };
      // Another subscription ending (an abandoned checkout expiring) must not end the live one.
      const other = row.stripeSubscriptionId && row.stripeSubscriptionId !== subscription.id;
      if (other && row.subscriptionStatus && LIVE_SUBSCRIPTION_STATUSES.has(row.subscriptionStatus)) {
        if (!LIVE_SUBSCRIPTION_STATUSES.has(change.subscriptionStatus ?? "")) return undefined;
      }
      return { row, change, period };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const row = await accountFor(
        tx,
        idOf(invoice.customer),
        invoiceSubscription(invoice)?.metadata?.userId,
      );
      const change = row ? invoiceChange(invoice, event.type === "invoice.paid", row) : undefined;
      return row && change ? { row, change, period: invoice.lines.data[0]?.period } : undefined;
    }
    default:
      return undefined;
  }
};

// How far a subscription has come within one period: unpaid, then running, then ended for good.
const STAGES: Record<string, number> = { incomplete: 0, incomplete_expired: 2, canceled: 2 };
const stageOf = (status: string | null | undefined) => STAGES[status ?? ""] ?? 1;

/**
 * Whether the event tells of an earlier state of the account's subscription than the one stored.
 * Stripe's `created` is in whole seconds, so two events of one second (a cancellation and the
 * update before it) are ordered by the subscription itself: its period, then its stage. A
 * canceled subscription never runs again in Stripe, so for that subscription only a period
 * starting after it ended is news; nothing else brings it back.
 */
const isOlderState = (
  row: UserRow,
  created: number,
  change: UserChange,
  period: { start: number; end: number } | undefined,
) => {
  if (row.subscriptionEventAt !== null && created < row.subscriptionEventAt) return true;
  if (!row.stripeSubscriptionId || change.stripeSubscriptionId !== row.stripeSubscriptionId) return false;
  const storedEnd = row.subscriptionEndsAt?.getTime();
  if (row.subscriptionStatus === "canceled") {
    if (change.subscriptionStatus === "canceled") return false;
    return !(period && storedEnd !== undefined && period.start * 1000 > storedEnd);
  }
  if (created !== row.subscriptionEventAt) return false;
  if (period && storedEnd !== undefined && period.end * 1000 !== storedEnd)
    return period.end * 1000 < storedEnd;
  return stageOf(change.subscriptionStatus ?? row.subscriptionStatus) < stageOf(row.subscriptionStatus);
};

/** Applies one verified event in one transaction, at most once. */
const applyStripeEvent = (db: AppDatabase, event: Stripe.Event, now = new Date()): Promise<WebhookOutcome> =>
  write(db, async (tx) => {
    // The event's id is recorded first: a redelivery racing this one waits on it, then finds it.
    const recorded = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (recorded.length === 0) return "duplicate";
    const found = await changeFor(tx, event);
    if (!found) return "ignored";
    const { row, change, period } = found;
    if (isOlderState(row, event.created, change, period)) return "stale";
    await tx
      .update(users)
      .set({ ...change, subscriptionEventAt: event.created, updatedAt: now })
      .where(eq(users.id, row.id));
    return "applied";
  });

/** Verifies Stripe's signature over the raw body, then applies the event. */
export const receiveStripeWebhook = async (deps: WebhookDeps, rawBody: string, signature: string | null) => {
  if (!deps.stripe || !deps.webhookSecret) {
    throw new AppError("SERVICE_UNAVAILABLE", "Stripe webhooks are not set up on this server.");
  }
  let event: Stripe.Event;
  try {
    event = await deps.stripe.webhooks.constructEventAsync(rawBody, signature ?? "", deps.webhookSecret);
  } catch {
    throw new AppError("VALIDATION", "The Stripe signature of this webhook is missing or wrong.", [
      { path: "stripe-signature", message: "The Stripe signature is missing or wrong." },
    ]);
  }
  return { received: true, outcome: await applyStripeEvent(deps.db, event) };
};
