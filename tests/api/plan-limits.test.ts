// Every plan limit tried directly against the API, with billing on (plans enforced) and off.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { write } from "../../db/client";
import { users } from "../../db/schema";
import { sampleProgram } from "../../src/shared/sample-program";
import { endTrial } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

const setTier = (app: TestApp, userId: string, subscriptionTier: "free" | "basic" | "pro") =>
  write(app.db, (tx) => tx.update(users).set({ subscriptionTier }).where(eq(users.id, userId)));

const createThree = async (client: TestClient) => {
  for (const name of ["One", "Two", "Three"]) {
    expect((await client.post("/api/programs", { fullName: name })).status).toBe(201);
  }
};

describe("billing on", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_unused" } });
  });
  afterAll(() => app.stop());

  const freeAfterTrial = async () => {
    const client = app.client();
    const { user } = await client.signUp();
    await endTrial(app.db, user.id);
    return { client, userId: user.id as string };
  };

  test("a free account's 4th program is refused with 402 naming Basic; the three stay editable", async () => {
    const { client } = await freeAfterTrial();
    await createThree(client);
    const fourth = await client.post("/api/programs", { fullName: "Four" });
    expect(fourth.status).toBe(402);
    expect(fourth.json).toMatchObject({
      code: "PAYMENT_REQUIRED",
      requiredPlan: "basic",
      feature: "maxPrograms",
    });
    expect(fourth.json.message).toContain("Upgrade to Basic");
    const list = (await client.get("/api/programs")).json;
    expect(list).toHaveLength(3);
    const edited = await client.put(`/api/programs/${list[0].id}`, { fullName: "One, edited" });
    expect(edited.status).toBe(200);
  });

  test("programs made during the trial stay readable and editable past the limit; only new ones are refused", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    for (const name of ["A", "B", "C", "D", "E"]) {
      expect(
        (await client.post("/api/programs", { ...sampleProgram(), fullName: name, colorTheme: "royal" }))
          .status,
      ).toBe(201);
    }
    await endTrial(app.db, user.id);
    const list = (await client.get("/api/programs")).json;
    expect(list).toHaveLength(5);
    const first = await client.get(`/api/programs/${list[0].id}`);
    expect(first.status).toBe(200);
    // Its premium theme was already chosen: editing other fields keeps it.
    const edited = await client.put(`/api/programs/${list[0].id}`, { ...first.json, officiant: "Rev. Park" });
    expect(edited.status).toBe(200);
    expect(edited.json.colorTheme).toBe("royal");
    expect((await client.post("/api/programs", { fullName: "F" })).status).toBe(402);
  });

  test("Pro design choices by a free account are refused naming the field and the plan", async () => {
    const { client } = await freeAfterTrial();
    const overlay = await client.post("/api/programs", { fullName: "Ana", overlayEffect: "vintage" });
    expect(overlay.status).toBe(402);
    expect(overlay.json).toMatchObject({ requiredPlan: "pro", feature: "premiumOverlays" });
    expect(overlay.json.fields[0].path).toBe("overlayEffect");
    expect(overlay.json.message).toBe(
      'The overlay effect "vintage" needs the Pro plan. Upgrade to Pro to use it; programs that already have it keep it.',
    );
    const ghost = await client.post("/api/programs", { fullName: "Ana", overlayEffect: "ghost" });
    expect(ghost.json).toMatchObject({ requiredPlan: "pro", feature: "ghostBackgrounds" });
    const font = await client.post("/api/programs", { fullName: "Ana", fontStyle: "playfair" });
    expect(font.json).toMatchObject({ requiredPlan: "pro", feature: "customFonts" });
    const theme = await client.post("/api/programs", { fullName: "Ana", colorTheme: "ocean" });
    expect(theme.json).toMatchObject({ requiredPlan: "basic", feature: "allThemes" });
    // Changing an existing program to a locked value is refused too, and writes nothing.
    const made = await client.post("/api/programs", {
      fullName: "Ana",
      colorTheme: "warm",
      overlayEffect: "subtle",
    });
    expect(made.status).toBe(201);
    const changed = await client.put(`/api/programs/${made.json.id}`, {
      ...made.json,
      overlayEffect: "glass",
    });
    expect(changed.status).toBe(402);
    expect((await client.get(`/api/programs/${made.json.id}`)).json.overlayEffect).toBe("subtle");
    expect((await client.get("/api/programs")).json).toHaveLength(1);
  });

  test("batch needs Pro: a free or Basic account gets 402, Pro creates", async () => {
    const { client, userId } = await freeAfterTrial();
    const batch = [{ fullName: "Ana" }, { fullName: "Ben" }];
    const refused = await client.post("/api/programs/batch", batch);
    expect(refused.status).toBe(402);
    expect(refused.json).toMatchObject({
      requiredPlan: "pro",
      feature: "batch",
      message: "Batch generation is part of the Pro plan. Upgrade to Pro to use it.",
    });
    expect((await client.get("/api/programs/batch/pdf?ids=x")).status).toBe(402);
    await setTier(app, userId, "basic");
    expect((await client.post("/api/programs/batch", batch)).status).toBe(402);
    // Basic lifts the program limit and the theme lock, not the Pro features.
    await createThree(client);
    expect((await client.post("/api/programs", { fullName: "Four", colorTheme: "ocean" })).status).toBe(201);
    expect((await client.post("/api/programs", { fullName: "Five", overlayEffect: "glass" })).status).toBe(
      402,
    );
    await setTier(app, userId, "pro");
    expect((await client.post("/api/programs/batch", batch)).status).toBe(201);
    expect((await client.post("/api/programs", { fullName: "Six", overlayEffect: "glass" })).status).toBe(
      201,
    );
  });

  test("the trial has every Pro feature and no program limit", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    expect(user.billingEnabled).toBe(true);
    await createThree(client);
    expect((await client.post("/api/programs", { fullName: "Four", overlayEffect: "ghost" })).status).toBe(
      201,
    );
    expect((await client.post("/api/programs/batch", [{ fullName: "Ana" }])).status).toBe(201);
  });

  test("integrations need Pro: keys, case import and webhooks are refused a free account; a key stops at a downgrade", async () => {
    const { client, userId } = await freeAfterTrial();
    const key = await client.post("/api/integration/keys", { name: "Case system" });
    expect(key.status).toBe(402);
    expect(key.json).toMatchObject({ requiredPlan: "pro", feature: "apiAccess" });
    const cases = "Full Name,Service Date\nAna Lee,2025-03-14T11:00\n";
    const imported = await client.post("/api/integration/import", {
      fileName: "cases.csv",
      content: cases,
      mapping: { "Full Name": "fullName", "Service Date": "serviceDate" },
    });
    expect(imported.status).toBe(402);
    expect(imported.json).toMatchObject({ requiredPlan: "pro", feature: "integrations" });
    const hook = await client.post("/api/integration/webhooks", { url: "https://cases.example.com/hook" });
    expect(hook.status).toBe(402);
    expect((await client.get("/api/programs")).json).toEqual([]);

    // A Pro account's key works until the account is no longer Pro.
    await setTier(app, userId, "pro");
    const created = await client.post("/api/integration/keys", { name: "Case system" });
    expect(created.status).toBe(201);
    const bearer = { authorization: `Bearer ${created.json.key}` };
    const withKey = () => fetch(`${app.url}/api/programs`, { headers: bearer });
    expect((await withKey()).status).toBe(200);
    await setTier(app, userId, "free");
    const refused = await withKey();
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { feature: string }).feature).toBe("apiAccess");
  });
});

describe("billing off (no Stripe key)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.stop());

  test("every account has every feature, even a free one past its trial", async () => {
    const client = app.client();
    const { user } = await client.signUp();
    expect(user.billingEnabled).toBe(false);
    await endTrial(app.db, user.id);
    await createThree(client);
    const fourth = await client.post("/api/programs", {
      fullName: "Four",
      overlayEffect: "vintage",
      fontStyle: "lora",
    });
    expect(fourth.status).toBe(201);
    expect((await client.post("/api/programs/batch", [{ fullName: "Ana" }])).status).toBe(201);
  });
});
