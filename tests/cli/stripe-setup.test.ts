// `memorial stripe setup` in its own process against a loopback Stripe.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type FakeStripe, startFakeStripe } from "../support/fake-stripe";
import { runCli } from "./run-cli";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.stop());

test("creates the plans' four prices, then finds them again instead of creating more", async () => {
  const first = await runCli(["stripe", "setup"], { env: fake.env() });
  expect(first.exitCode).toBe(0);
  expect(first.stdout.match(/^created {2}keepsake_(basic|pro)_(monthly|yearly) {2}price_/gm)).toHaveLength(4);
  expect(first.stdout).toContain("/api/stripe/webhook");
  const second = await runCli(["stripe", "setup"], { env: fake.env() });
  expect(second.exitCode).toBe(0);
  expect(second.stdout.match(/^exists {3}keepsake_/gm)).toHaveLength(4);
  expect(fake.prices.size).toBe(4);
});

test("without a secret key it says what to set, and with a refused key it says Stripe refused", async () => {
  const missing = await runCli(["stripe", "setup"], { env: { STRIPE_SECRET_KEY: "" } });
  expect(missing.exitCode).toBe(1);
  expect(missing.stderr).toContain("STRIPE_SECRET_KEY is not set");
  const refused = await runCli(["stripe", "setup"], {
    env: { ...fake.env(), STRIPE_SECRET_KEY: "sk_live_wrong" },
  });
  expect(refused.exitCode).toBe(1);
  expect(refused.stderr).toContain("Stripe refused the setup: Invalid API Key provided");
});
