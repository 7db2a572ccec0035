// Plans and checkout in the real browser against the real server, the real `stripe` SDK on a
// loopback Stripe, and a stand-in for Stripe's browser script served at Stripe's own address.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { users } from "../../db/schema";
import { createStripe } from "../../src/server/billing/stripe-client";
import { setUpStripeProducts } from "../../src/server/billing/stripe-setup";
import { loadConfig } from "../../src/server/config";
import { WATERMARK_TEXT } from "../../src/shared/entitlements";
import { screenshot, setupE2eApp } from "../support/browser";
import { endTrial } from "../support/db-snapshot";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { DECLINED_CARD, GOOD_CARD, routeStripeJs } from "../support/fake-stripe-js";
import { startTestApp } from "../support/test-app";
import { checkScreen, toastWith } from "./helpers";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
  await setUpStripeProducts(createStripe(loadConfig({ MEMORIAL_DATA_DIR: "/tmp", ...fake.env() })));
});
afterAll(() => fake.stop());
const e2e = setupE2eApp({ env: () => fake.env() });

const createProgram = async (page: Page, body: Record<string, string>) => {
  // A same-site request, as the page's own would be (the server refuses a cookie without Origin).
  const response = await page.request.post("/api/programs", { headers: { origin: e2e.app.url }, data: body });
  expect(response.status()).toBe(201);
};

/** The account's subscription at the fake Stripe, as the checkout created it. */
const subscriptionOf = async (userId: string) => {
  const [row] = await e2e.app.db.select().from(users).where(eq(users.id, userId));
  const customer = row?.stripeCustomerId;
  const found = [...fake.subscriptions.values()].filter((s) => s.customer === customer).at(-1);
  if (!found) throw new Error("no subscription at the fake Stripe");
  return found;
};

const planHeading = (page: Page, plan: string) => page.getByRole("heading", { name: `Your plan: ${plan}` });

test("a free user at the 3-program limit upgrades to Pro through checkout; a declined card stays on the form", async () => {
  const { page, account } = await e2e.newPage({ signedIn: true });
  const userId = account!.user.id as string;
  await endTrial(e2e.app.db, userId);
  await routeStripeJs(page);
  for (const fullName of ["Ada One", "Ada Two", "Ada Three"]) await createProgram(page, { fullName });

  // The 4th program is refused with the plan that lifts the limit, and the way there.
  await page.goto("/program-builder");
  await page.getByText("your plan keeps up to 3").waitFor();
  await page.getByLabel("Full name").fill("Ada Four");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await toastWith(page, "Failed to save program").waitFor();
  await toastWith(page, "Upgrade to Basic").getByRole("button", { name: "Upgrade to Basic" }).click();
  // The unsaved draft stays on this device; the builder asks before leaving it.
  await page
    .getByRole("alertdialog", { name: "Leave without saving?" })
    .getByRole("button", { name: "Leave" })
    .click();
  await page.waitForURL("**/subscription");

  // Plans: monthly, then yearly with its savings; the current plan is marked.
  await page.getByRole("heading", { name: "Choose Your Plan" }).waitFor();
  await planHeading(page, "Free").waitFor();
  expect(await page.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
  expect(await page.getByRole("region", { name: "Pro" }).getByText("$24.99").isVisible()).toBe(true);
  // The yearly saving is not offered while monthly prices are shown.
  expect(await page.getByText("Save 17%").count()).toBe(0);
  await checkScreen(page, "billing-01-plans-monthly");
  await page.getByText("Yearly", { exact: true }).click();
  expect(await page.getByText("Save 17%").isVisible()).toBe(true);
  expect(await page.getByRole("region", { name: "Pro" }).getByText("Save $49.89 per year").isVisible()).toBe(
    true,
  );
  expect(
    await page.getByRole("region", { name: "Basic" }).getByText("Save $19.89 per year").isVisible(),
  ).toBe(true);
  await checkScreen(page, "billing-02-plans-yearly");
  await page.getByRole("button", { name: "Subscribe to Pro" }).click();

  // Checkout: the Payment Element from Stripe's script; a declined card keeps the user on the form.
  await page.waitForURL("**/subscribe/pro/yearly");
  await page.getByRole("heading", { name: "Pro Subscription" }).waitFor();
  expect(await page.getByText("$20.83/month - Complete your subscription").isVisible()).toBe(true);
  const complete = page.getByRole("button", { name: "Complete Subscription" });
  await page.getByLabel("Card number").fill(DECLINED_CARD);
  // Enabled once Stripe's form reports ready.
  await page.getByRole("button", { name: "Complete Subscription", disabled: false }).waitFor();
  await checkScreen(page, "billing-03-checkout");
  await complete.click();
  await toastWith(page, "Payment Failed").waitFor();
  expect(await toastWith(page, "Your card was declined.").count()).toBe(1);
  expect(page.url()).toEndWith("/subscribe/pro/yearly");
  expect(await complete.isEnabled()).toBe(true);

  // A good card: back on the plans page; Stripe's webhook makes the account Pro.
  await page.getByLabel("Card number").fill(GOOD_CARD);
  await complete.click();
  await page.waitForURL("**/subscription");
  await toastWith(page, "Payment Successful").waitFor();
  const subscription = fake.changeSubscription((await subscriptionOf(userId)).id, { status: "active" });
  expect(
    (await fake.deliver(e2e.app.url, fake.event("customer.subscription.updated", subscription))).status,
  ).toBe(200);
  await planHeading(page, "Pro").waitFor({ timeout: 15_000 });
  await page.getByText(/^Renews on /).waitFor();
  expect(await page.getByRole("link", { name: "Pro plan" }).isVisible()).toBe(true);
  await screenshot(page, "billing-04-plans-pro");

  // Pro features unlocked: the 4th program saves, with a Pro overlay chosen in the Design tab.
  await page.goto("/program-builder?tab=design");
  await page.getByRole("radio", { name: /Vintage/ }).check();
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByLabel("Full name").fill("Ada Four");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await toastWith(page, "Program saved successfully!").waitFor();
  await page.goto("/batch-generator");
  await page.getByRole("heading", { name: "Batch Program Generator" }).waitFor();
  expect(await page.getByRole("note").count()).toBe(0);
}, 90_000);

test("cancelled at period end: Pro until then, Free afterwards with every program kept", async () => {
  const { page, account } = await e2e.newPage({ signedIn: true });
  const userId = account!.user.id as string;
  const created = await page.request.post("/api/subscription/create", {
    headers: { origin: e2e.app.url },
    data: { tier: "pro", billing: "monthly" },
  });
  expect(created.status()).toBe(200);
  const start = Math.floor(Date.now() / 1000);
  const sub = await subscriptionOf(userId);
  await fake.deliver(
    e2e.app.url,
    fake.event("customer.subscription.updated", fake.changeSubscription(sub.id, { status: "active" }), start),
  );
  for (const name of ["Ruth One", "Ruth Two", "Ruth Three", "Ruth Four"]) {
    await createProgram(page, { fullName: name, overlayEffect: "glass", fontStyle: "lora" });
  }
  await endTrial(e2e.app.db, userId);

  // Cancelled in Stripe's portal: still Pro, and the date it ends.
  await page.goto("/subscription");
  await page.getByRole("button", { name: "Manage billing", exact: true }).click();
  await page.waitForURL(`${fake.url}/portal/**`);
  const canceling = fake.changeSubscription(sub.id, { cancel_at_period_end: true });
  await fake.deliver(e2e.app.url, fake.event("customer.subscription.updated", canceling, start + 1));
  await page.getByRole("link", { name: "Return to Keepsake" }).click();
  await planHeading(page, "Pro").waitFor();
  await page.getByText(/^Expires on /).waitFor();

  // The period ends: Free, and nothing is lost.
  const ended = fake.changeSubscription(sub.id, { status: "canceled", ended_at: start + 2 });
  await fake.deliver(e2e.app.url, fake.event("customer.subscription.deleted", ended, start + 2));
  await page.reload();
  await planHeading(page, "Free").waitFor();
  await page.goto("/programs");
  for (const name of ["Ruth One", "Ruth Two", "Ruth Three", "Ruth Four"]) {
    await page.getByRole("heading", { name }).waitFor();
  }
  await page.getByText("You have 4 programs and your plan keeps up to 3.").waitFor();
  await screenshot(page, "billing-05-programs-after-downgrade");

  // Each program still opens and saves with its Pro design; other Pro choices show their lock.
  await page.getByRole("link", { name: /Edit/ }).first().click();
  await page.getByLabel("Full name").waitFor();
  await page.getByRole("tab", { name: "Design" }).click();
  expect(await page.getByRole("radio", { name: /Glass/ }).isChecked()).toBe(true);
  expect(await page.getByRole("radio", { name: /Vintage/ }).isDisabled()).toBe(true);
  expect(await page.getByRole("radio", { name: /Ocean/ }).isDisabled()).toBe(true);
  await screenshot(page, "billing-06-design-locks");
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByLabel("Full name").fill("Ruth Four Albright");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await toastWith(page, "Program saved successfully!").waitFor();

  // Its export files now carry the free plan's watermark.
  await page.getByRole("tab", { name: "Export" }).click();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Program JSON" }).click(),
  ]);
  const exported = JSON.parse(await Bun.file(await download.path()).text());
  expect(exported).toMatchObject({ watermark: WATERMARK_TEXT, fullName: "Ruth Four Albright" });
}, 90_000);

test("billing off: the plans page says payments are not set up and nothing is locked", async () => {
  const app = await startTestApp();
  try {
    const { page } = await e2e.newPage();
    await page.goto(`${app.url}/subscription`);
    await page.getByText("Please sign in to see and choose your plan.").waitFor();
    const client = app.client();
    const { user } = await client.signUp();
    await endTrial(app.db, user.id);
    const at = client.cookie.indexOf("=");
    await page
      .context()
      .addCookies([{ name: client.cookie.slice(0, at), value: client.cookie.slice(at + 1), url: app.url }]);
    await page.goto(`${app.url}/subscription`);
    await page.getByText("Payments are not set up on this server").waitFor();
    expect(await page.getByRole("button", { name: "Not available on this server" }).count()).toBe(2);
    expect(await page.getByRole("button", { name: "Current Plan" }).count()).toBe(0);
    await checkScreen(page, "billing-07-plans-billing-off");
    await page.getByText("Yearly", { exact: true }).click();
    await screenshot(page, "billing-08-plans-billing-off-yearly");
    await page.goto(`${app.url}/program-builder?tab=design`);
    await page.getByRole("radio", { name: /Vintage/ }).check();
    expect(await page.getByText("come with that plan").count()).toBe(0);

    // Checkout cannot start here: it says so and returns to the plans; so does an address missing its billing.
    await page.goto(`${app.url}/subscribe/pro/monthly`);
    await toastWith(page, "Subscription Error").waitFor();
    expect(await toastWith(page, "Failed to initialize subscription. Please try again.").count()).toBe(1);
    await page.waitForURL("**/subscription");
    await page.goto(`${app.url}/subscribe/pro`);
    await toastWith(page, "Invalid subscription parameters").waitFor();
    expect(
      await toastWith(page, "Please select a subscription plan from the subscription page.").count(),
    ).toBe(1);
    await page.waitForURL("**/subscription");
  } finally {
    await app.stop();
  }
}, 60_000);
