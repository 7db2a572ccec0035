// Signing out on a shared funeral-home computer: unsaved drafts are removed from the browser after
// the dialog says so, and Sign Out Everywhere ends the account's sessions on every device.
import { expect, test } from "bun:test";
import { setupE2eApp } from "../support/browser";
import { checkScreen } from "./helpers";

const e2e = setupE2eApp();
const LANDING = "Honor Their Memory With Dignity";

const storedDrafts = (page: import("playwright-core").Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("keepsake-draft:")));

test("signing out with an unsaved draft says so, then removes it from this browser", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder");
  await page.getByLabel("Full name").fill("Walter Pennington");
  await page.waitForFunction(() =>
    Object.keys(localStorage).some((key) => key.startsWith("keepsake-draft:")),
  );
  expect(await storedDrafts(page)).toHaveLength(1);

  // Leaving the builder keeps the draft on this device (the builder says so).
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  const dialog = page.getByRole("alertdialog", { name: "Remove unsaved changes from this computer?" });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain("Walter Pennington");
  await checkScreen(page, "60-sign-out-unsaved-drafts");

  // Staying keeps everything.
  await dialog.getByRole("button", { name: "Stay and Save First" }).click();
  expect(await storedDrafts(page)).toHaveLength(1);

  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await dialog.getByRole("button", { name: "Sign Out and Remove Them" }).click();
  await page.getByRole("heading", { name: LANDING }).waitFor();
  expect(await storedDrafts(page)).toEqual([]);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
}, 60_000);

test("Sign Out Everywhere ends the session on the account's other devices too", async () => {
  const { page, account } = await e2e.newPage({ signedIn: true });
  const otherDevice = e2e.app.client();
  expect(
    (await otherDevice.post("/api/login", { email: account!.email, password: account!.password })).status,
  ).toBe(200);
  await page.goto("/");
  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  // It asks first: a slip of the mouse must not sign the family out on every device.
  const confirm = page.getByRole("alertdialog", { name: "Sign out on every device?" });
  await confirm.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await page.getByRole("heading", { name: LANDING }).waitFor();
  expect((await otherDevice.get("/api/auth/user")).status).toBe(401);
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
}, 60_000);

test("Sign Out Everywhere says how many API keys are active and can revoke them in the same step", async () => {
  const { page, account } = await e2e.newPage({ signedIn: true });
  const otherDevice = e2e.app.client();
  await otherDevice.post("/api/login", { email: account!.email, password: account!.password });
  const keys: string[] = [];
  for (const name of ["Passare", "Osiris"]) {
    keys.push((await otherDevice.post("/api/integration/keys", { name })).json.key);
  }
  const keyStatus = async (key: string) =>
    (await fetch(`${e2e.app.url}/api/programs`, { headers: { authorization: `Bearer ${key}` } })).status;

  await page.goto("/");
  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Also revoke your API keys?" });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain("Your account has 2 API keys active.");
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  await page.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await dialog.getByRole("button", { name: "Sign Out and Revoke Keys" }).click();
  await page.getByRole("heading", { name: LANDING }).waitFor();
  expect(await Promise.all(keys.map(keyStatus))).toEqual([401, 401]);
  expect((await otherDevice.get("/api/auth/user")).status).toBe(401);
}, 60_000);
