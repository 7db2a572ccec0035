// Subscriptions against the real `stripe` SDK talking to a loopback Stripe, and Stripe's signed
// webhooks: forged, replayed and reordered.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../../db/schema";
import { createStripe } from "../../src/server/billing/stripe-client";
import { setUpStripeProducts } from "../../src/server/billing/stripe-setup";
import { loadConfig } from "../../src/server/config";
import { endTrial } from "../support/db-snapshot";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { startTestApp, type TestApp } from "../support/test-app";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.stop());

const stripeForFake = () => createStripe(loadConfig({ MEMORIAL_DATA_DIR: "/tmp", ...fake.env() }));

test("stripe setup creates the four prices once, by lookup key", async () => {
  const first = await setUpStripeProducts(stripeForFake());
  expect(first.map((l) => [l.lookupKey, l.created])).toEqual([
    ["keepsake_basic_monthly", true],
    ["keepsake_basic_yearly", true],
    ["keepsake_pro_monthly", true],
    ["keepsake_pro_yearly", true],
  ]);
  const amounts = [...fake.prices.values()].map((p) => [p.lookup_key, p.unit_amount, p.recurring.interval]);
  expect(amounts).toContainEqual(["keepsake_pro_yearly", 24999, "year"]);
  expect(amounts).toContainEqual(["keepsake_basic_monthly", 999, "month"]);
  const again = await setUpStripeProducts(stripeForFake());
  expect(again.every((l) => !l.created)).toBe(true);
  expect(fake.prices.size).toBe(4);
  expect(fake.products.size).toBe(2);
});

describe("billing on", () => {
  let app: TestApp;
  beforeAll(async () => {
    await setUpStripeProducts(stripeForFake());
    app = await startTestApp({ env: fake.env() });
  });
  afterAll(() => app.stop());

  const tierOf = async (userId: string) => (await app.db.select().from(users).where(eq(users.id, userId)))[0];

  /** A signed-up account with a started (incomplete) Pro subscription. */
  const subscribed = async (billing = "monthly") => {
    const client = app.client();
    const { user } = await client.signUp();
    const created = await client.post("/api/subscription/create", { tier: "pro", billing });
    expect(created.status).toBe(200);
    const row = await tierOf(user.id);
    const sub = [...fake.subscriptions.values()].find((s) => s.customer === row?.stripeCustomerId);
    if (!sub) throw new Error("no subscription at the fake");
    return { client, userId: user.id as string, sub, clientSecret: created.json.clientSecret as string };
  };

  test("info for a new account: Free tier in its trial, billing on with the publishable key", async () => {
    const client = app.client();
    await client.signUp();
    await client.post("/api/programs", { fullName: "Ana" });
    const info = await client.get("/api/subscription/info");
    expect(info.status).toBe(200);
    expect(info.json).toMatchObject({
      tier: "free",
      status: "trialing",
      usage: { programs: 1 },
      limits: { maxPrograms: -1 },
      billingEnabled: true,
      publishableKey: "pk_test_fake",
      trial: { active: true, daysLeft: 14 },
      canManageBilling: false,
    });
    expect((await app.client().get("/api/subscription/info")).status).toBe(401);
  });

  test("create: bad tier or billing is a 400 with error and details, and nothing reaches Stripe", async () => {
    const client = app.client();
    await client.signUp();
    const before = fake.requests.length;
    const bad = await client.post("/api/subscription/create", { tier: "gold", billing: "monthly" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBeString();
    expect(bad.json.details).toContain("tier");
    const noBilling = await client.post("/api/subscription/create", { tier: "pro" });
    expect(noBilling.status).toBe(400);
    expect(noBilling.json.details).toContain("billing");
    expect(fake.requests.length).toBe(before);
  });

  test("create answers a client secret, makes the customer once and reuses it; the tier waits for the webhook", async () => {
    const { client, userId, clientSecret, sub } = await subscribed();
    expect(clientSecret).toBe(`pi_${sub.id}_secret_fake`);
    expect(sub.metadata).toMatchObject({ userId, tier: "pro", billing: "monthly" });
    expect(sub.items.data[0].price.lookup_key).toBe("keepsake_pro_monthly");
    const customers = fake.customers.size;
    expect((await client.post("/api/subscription/create", { tier: "basic", billing: "yearly" })).status).toBe(
      200,
    );
    expect(fake.customers.size).toBe(customers);
    expect((await tierOf(userId))?.subscriptionTier).toBe("free");
  });

  test("Stripe refusing the checkout is a 503 naming the cause, and changes nothing", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    fake.failNextRequest(402, "Your account cannot currently make live charges.");
    const refused = await client.post("/api/subscription/create", { tier: "basic", billing: "monthly" });
    expect(refused.status).toBe(503);
    expect(refused.json.error).toContain("Your account cannot currently make live charges.");
    expect(await tierOf(user.id)).toMatchObject({ subscriptionTier: "free", stripeSubscriptionId: null });
  });

  test("a paid subscription's webhook makes the account Pro; a second checkout is refused (409)", async () => {
    const { client, userId, sub } = await subscribed();
    const active = fake.changeSubscription(sub.id, { status: "active" });
    const delivered = await fake.deliver(app.url, fake.event("customer.subscription.updated", active));
    expect(delivered).toEqual({ status: 200, json: { received: true, outcome: "applied" } });
    const info = (await client.get("/api/subscription/info")).json;
    expect(info).toMatchObject({ tier: "pro", status: "active", canManageBilling: true });
    expect(new Date(info.endsAt).getTime()).toBe(active.items.data[0].current_period_end * 1000);
    expect((await tierOf(userId))?.stripeSubscriptionId).toBe(sub.id);
    const again = await client.post("/api/subscription/create", { tier: "basic", billing: "monthly" });
    expect(again.status).toBe(409);
    expect(again.json.error).toContain("Manage billing");
  });

  test("invoice.paid activates; invoice.payment_failed keeps the tier as past_due while Stripe retries", async () => {
    const { client, sub } = await subscribed("yearly");
    expect((await fake.deliver(app.url, fake.event("invoice.paid", fake.invoiceFor(sub)))).json.outcome).toBe(
      "applied",
    );
    expect((await client.get("/api/subscription/info")).json).toMatchObject({
      tier: "pro",
      status: "active",
    });
    const failed = fake.event("invoice.payment_failed", fake.invoiceFor(sub));
    expect((await fake.deliver(app.url, failed)).json.outcome).toBe("applied");
    expect((await client.get("/api/subscription/info")).json).toMatchObject({
      tier: "pro",
      status: "past_due",
    });
  });

  test("a plan changed in the billing portal survives the next renewal's invoice", async () => {
    const { client, sub } = await subscribed("monthly");
    const basicPrice = [...fake.prices.values()].find((p) => p.lookup_key === "keepsake_basic_monthly");
    const switched = fake.changeSubscription(sub.id, {
      status: "active",
      items: { ...sub.items, data: [{ ...sub.items.data[0], price: basicPrice }] },
    });
    await fake.deliver(app.url, fake.event("customer.subscription.updated", switched));
    expect((await client.get("/api/subscription/info")).json.tier).toBe("basic");
    // The invoice still carries the checkout's metadata (tier: pro).
    await fake.deliver(app.url, fake.event("invoice.paid", fake.invoiceFor(switched)));
    expect((await client.get("/api/subscription/info")).json).toMatchObject({
      tier: "basic",
      status: "active",
    });
  });

  test("a forged signature is a 400 and changes nothing", async () => {
    const { userId, sub } = await subscribed();
    const active = fake.changeSubscription(sub.id, { status: "active" });
    const forged = await fake.deliver(
      app.url,
      fake.event("customer.subscription.updated", active),
      "whsec_wrong",
    );
    expect(forged.status).toBe(400);
    expect(forged.json.code).toBe("VALIDATION");
    const unsigned = await fetch(`${app.url}/api/stripe/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fake.event("customer.subscription.updated", active)),
    });
    expect(unsigned.status).toBe(400);
    expect((await tierOf(userId))?.subscriptionTier).toBe("free");
  });

  test("a replayed event has no second effect, even after a newer one", async () => {
    const { client, sub } = await subscribed();
    const t = Math.floor(Date.now() / 1000);
    const activated = fake.event(
      "customer.subscription.updated",
      fake.changeSubscription(sub.id, { status: "active" }),
      t,
    );
    expect((await fake.deliver(app.url, activated)).json.outcome).toBe("applied");
    const deleted = fake.event(
      "customer.subscription.deleted",
      fake.changeSubscription(sub.id, { status: "canceled", ended_at: t + 5 }),
      t + 5,
    );
    expect((await fake.deliver(app.url, deleted)).json.outcome).toBe("applied");
    const replay = await fake.deliver(app.url, activated);
    expect(replay).toEqual({ status: 200, json: { received: true, outcome: "duplicate" } });
    expect((await client.get("/api/subscription/info")).json).toMatchObject({
      tier: "free",
      status: "canceled",
    });
  });

  test("one event delivered twice at once is applied once", async () => {
    const { userId, sub } = await subscribed();
    const activated = fake.event(
      "customer.subscription.updated",
      fake.changeSubscription(sub.id, { status: "active" }),
      Math.floor(Date.now() / 1000),
    );
    const answers = await Promise.all([fake.deliver(app.url, activated), fake.deliver(app.url, activated)]);
    expect(answers.map((a) => a.json.outcome).sort()).toEqual(["applied", "duplicate"]);
    expect(await tierOf(userId)).toMatchObject({ subscriptionTier: "pro", subscriptionStatus: "active" });
  });

  test("an older update arriving after a newer one is ignored", async () => {
    const { client, sub } = await subscribed();
    const t = Math.floor(Date.now() / 1000);
    const active = fake.event("customer.subscription.updated", { ...sub, status: "active" }, t);
    const canceling = fake.event(
      "customer.subscription.updated",
      fake.changeSubscription(sub.id, { status: "active", cancel_at_period_end: true }),
      t + 10,
    );
    expect((await fake.deliver(app.url, canceling)).json.outcome).toBe("applied");
    expect((await fake.deliver(app.url, active)).json.outcome).toBe("stale");
    expect((await client.get("/api/subscription/info")).json).toMatchObject({
      tier: "pro",
      status: "canceling",
    });
  });

  test("a cancellation and an older update of the same second: the cancellation stands", async () => {
    const { client, sub } = await subscribed();
    const t = Math.floor(Date.now() / 1000);
    const active = fake.changeSubscription(sub.id, { status: "active" });
    const canceled = fake.changeSubscription(sub.id, { status: "canceled", ended_at: t });
    // Stripe sent them in order; they arrive the other way round, stamped with the same second.
    const update = fake.event("customer.subscription.updated", active, t);
    const deletion = fake.event("customer.subscription.deleted", canceled, t);
    expect((await fake.deliver(app.url, deletion)).json.outcome).toBe("applied");
    expect((await fake.deliver(app.url, update)).json.outcome).toBe("stale");
    // The period's invoice, paid before the cancellation, does not bring it back either.
    const paid = fake.event("invoice.paid", fake.invoiceFor(active), t);
    expect((await fake.deliver(app.url, paid)).json.outcome).toBe("stale");
    // Nor does a later update of that subscription: Stripe never runs a canceled one again.
    const later = fake.event("customer.subscription.updated", active, t + 60);
    expect((await fake.deliver(app.url, later)).json.outcome).toBe("stale");
    expect((await client.get("/api/subscription/info")).json).toMatchObject({
      tier: "free",
      status: "canceled",
    });
  });

  test("two updates of the same second are ordered by the subscription's period, then its stage", async () => {
    const { client, sub } = await subscribed();
    const t = Math.floor(Date.now() / 1000);
    const item = sub.items.data[0];
    const month = item.current_period_end - item.current_period_start;
    const first = fake.changeSubscription(sub.id, { status: "active" });
    const renewed = fake.changeSubscription(sub.id, {
      status: "active",
      items: {
        ...sub.items,
        data: [
          {
            ...item,
            current_period_start: item.current_period_end,
            current_period_end: item.current_period_end + month,
          },
        ],
      },
    });
    const renewal = fake.event("customer.subscription.updated", renewed, t);
    expect((await fake.deliver(app.url, renewal)).json.outcome).toBe("applied");
    const before = fake.event("customer.subscription.updated", first, t);
    expect((await fake.deliver(app.url, before)).json.outcome).toBe("stale");
    const incomplete = fake.event("customer.subscription.updated", { ...renewed, status: "incomplete" }, t);
    expect((await fake.deliver(app.url, incomplete)).json.outcome).toBe("stale");
    const info = (await client.get("/api/subscription/info")).json;
    expect(info).toMatchObject({ tier: "pro", status: "active" });
    expect(new Date(info.endsAt).getTime()).toBe((item.current_period_end + month) * 1000);
    // Within one second and one period, a change the subscription can make (cancel at period end) applies.
    const canceling = fake.event(
      "customer.subscription.updated",
      { ...renewed, cancel_at_period_end: true },
      t,
    );
    expect((await fake.deliver(app.url, canceling)).json.outcome).toBe("applied");
    expect((await client.get("/api/subscription/info")).json.status).toBe("canceling");
  });

  test("cancellation at period end keeps Pro until Stripe ends it, then Free with every program kept", async () => {
    const { client, sub, userId } = await subscribed();
    const t = Math.floor(Date.now() / 1000);
    await fake.deliver(
      app.url,
      fake.event("customer.subscription.updated", fake.changeSubscription(sub.id, { status: "active" }), t),
    );
    for (const name of ["A", "B", "C", "D"]) {
      expect((await client.post("/api/programs", { fullName: name, overlayEffect: "vintage" })).status).toBe(
        201,
      );
    }
    await endTrial(app.db, userId);
    const ended = fake.changeSubscription(sub.id, { status: "canceled", ended_at: t + 2 });
    expect(
      (await fake.deliver(app.url, fake.event("customer.subscription.deleted", ended, t + 2))).status,
    ).toBe(200);
    const info = (await client.get("/api/subscription/info")).json;
    expect(info).toMatchObject({
      tier: "free",
      status: "canceled",
      usage: { programs: 4 },
      limits: { maxPrograms: 3 },
    });
    const list = (await client.get("/api/programs")).json;
    expect(list).toHaveLength(4);
    const one = (await client.get(`/api/programs/${list[0].id}`)).json;
    expect((await client.put(`/api/programs/${one.id}`, { ...one, officiant: "Rev. Park" })).status).toBe(
      200,
    );
    expect((await client.post("/api/programs", { fullName: "E" })).status).toBe(402);
  });

  test("an event of an abandoned checkout's subscription does not end the live one", async () => {
    const { client, sub, userId } = await subscribed();
    await fake.deliver(
      app.url,
      fake.event("customer.subscription.updated", fake.changeSubscription(sub.id, { status: "active" })),
    );
    const row = await tierOf(userId);
    const stray = {
      ...sub,
      id: "sub_abandoned",
      status: "incomplete_expired",
      customer: row?.stripeCustomerId,
    };
    expect(
      (await fake.deliver(app.url, fake.event("customer.subscription.deleted", stray))).json.outcome,
    ).toBe("ignored");
    expect((await client.get("/api/subscription/info")).json.tier).toBe("pro");
  });

  test("Manage billing opens Stripe's portal for the customer; without one it is a 409", async () => {
    const { client } = await subscribed();
    const portal = await client.post("/api/subscription/portal");
    expect(portal.status).toBe(200);
    expect(portal.json.url).toStartWith(`${fake.url}/portal/cus_`);
    expect(portal.json.url).toContain(encodeURIComponent(`${app.url}/subscription`));
    // Where Stripe sends the family back comes from the configuration, never from a Host header.
    const forged = await client.post("/api/subscription/portal", undefined, { host: "evil.example" });
    expect(forged.json.url).toContain(encodeURIComponent(`${app.url}/subscription`));
    expect(forged.json.url).not.toContain("evil.example");
    const fresh = app.client();
    await fresh.signUp();
    expect((await fresh.post("/api/subscription/portal")).status).toBe(409);
  });
});

describe("billing off (no Stripe key)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  test("info says so, every feature is on, and checkout, portal and webhook answer 503 without calling Stripe", async () => {
    const client = app.client();
    await client.signUp();
    const before = fake.requests.length;
    const info = (await client.get("/api/subscription/info")).json;
    expect(info).toMatchObject({
      billingEnabled: false,
      publishableKey: null,
      limits: { maxPrograms: -1 },
      canManageBilling: false,
    });
    const create = await client.post("/api/subscription/create", { tier: "pro", billing: "monthly" });
    expect(create.status).toBe(503);
    expect(create.json).toMatchObject({ error: "Payments are not set up on this server." });
    expect((await client.post("/api/subscription/portal")).status).toBe(503);
    const webhook = await fake.deliver(app.url, fake.event("customer.subscription.updated", { id: "sub_x" }));
    expect(webhook.status).toBe(503);
    expect(fake.requests.length).toBe(before);
  });
});
