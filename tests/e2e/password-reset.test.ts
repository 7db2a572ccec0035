// Password reset end to end: the browser asks, a loopback SMTP server receives the real email,
// the link opens the reset page, the new password signs in and the old session is over.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { write } from "../../db/client";
import { apiKeys } from "../../db/schema";
import { screenshot, setupE2eApp } from "../support/browser";
import { type FakeSmtp, startFakeSmtp } from "../support/fake-smtp";
import { checkScreen, toastWith } from "./helpers";

let smtp: FakeSmtp;
beforeAll(async () => {
  smtp = await startFakeSmtp();
});
afterAll(() => smtp.stop());
const e2e = setupE2eApp({ env: () => ({ SMTP_URL: smtp.url }) });

const ANSWER =
  "If an account uses that email, we've sent it a link to set a new password. The link works once, for one hour.";

test("forgot password, the emailed link, a new password, and every old session ended", async () => {
  const { page: oldDevice, account } = await e2e.newPage({ signedIn: true });
  if (!account) throw new Error("no account");
  await oldDevice.goto("/programs");
  await oldDevice.getByRole("link", { name: "Create New Program" }).first().waitFor();

  const { page } = await e2e.newPage();
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByText("Please enter a valid email address").waitFor();
  await checkScreen(page, "reset-01-forgot");

  // An unknown email gets the very same answer.
  await page.getByLabel("Email").fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByText(ANSWER).waitFor();
  await page.goto("/forgot-password");
  const before = smtp.received.length;
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await page.getByText(ANSWER).waitFor();
  await checkScreen(page, "reset-02-sent");

  const mail = await smtp.message(before);
  expect(smtp.received.length).toBe(before + 1);
  const link = mail.text?.match(/http\S+\/reset-password\?token=[\w-]+/)?.[0] ?? "";
  expect(link).toStartWith(e2e.app.url);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(link);
  await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByLabel("Confirm new password", { exact: true }).fill("different");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await page.getByText("Password must be at least 8 characters").waitFor();
  await page.getByText("Passwords don't match").waitFor();
  await checkScreen(page, "reset-03-reset-phone");
  await page.getByLabel("New password", { exact: true }).fill("a new beginning");
  await page.getByLabel("Confirm new password", { exact: true }).fill("a new beginning");
  await page.getByRole("button", { name: "Set New Password" }).click();
  await toastWith(page, "Password changed").waitFor();
  await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();

  // The other device is signed out; the old password no longer works, the new one does.
  await oldDevice.reload();
  await oldDevice.getByRole("heading", { name: "Honor Their Memory With Dignity" }).waitFor();
  const login = async (password: string) =>
    (await e2e.app.client().post("/api/login", { email: account.email, password })).status;
  expect(await login(account.password)).toBe(401);
  expect(await login("a new beginning")).toBe(200);

  // The link worked once.
  const { page: again } = await e2e.newPage();
  await again.goto(link);
  await again.getByLabel("New password", { exact: true }).fill("yet another one");
  await again.getByLabel("Confirm new password", { exact: true }).fill("yet another one");
  await again.getByRole("button", { name: "Set New Password" }).click();
  await again.getByRole("alert").getByText("This reset link has expired or was already used.").waitFor();
  await again.getByRole("link", { name: "Ask for a new link" }).waitFor();
  await screenshot(again, "reset-04-used-link");
}, 90_000);

test("after a reset the page says which API keys were revoked and which still work, and revokes them", async () => {
  const owner = e2e.app.client();
  const account = await owner.signUp();
  const newKey = async (name: string) => (await owner.post("/api/integration/keys", { name })).json;
  const old = await newKey("Case system");
  const recent = await newKey("Made yesterday");
  await write(e2e.app.db, (tx) =>
    tx
      .update(apiKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) })
      .where(eq(apiKeys.id, old.id)),
  );
  const before = smtp.received.length;
  await owner.post("/api/password/forgot", { email: account.email });
  const link = (await smtp.message(before)).text?.match(/http\S+\/reset-password\?token=[\w-]+/)?.[0] ?? "";

  const { page } = await e2e.newPage();
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a new beginning");
  await page.getByLabel("Confirm new password", { exact: true }).fill("a new beginning");
  await page.getByRole("button", { name: "Set New Password" }).click();
  const panel = page.getByRole("region", { name: "Your password is changed" });
  await panel.waitFor();
  expect(await panel.textContent()).toContain(
    "We revoked one API key made in the 24 hours before this reset",
  );
  expect(await panel.textContent()).toContain("Your account still has one API key active.");
  await checkScreen(page, "reset-05-api-keys");
  const keyStatus = async (key: string) =>
    (await fetch(`${e2e.app.url}/api/programs`, { headers: { authorization: `Bearer ${key}` } })).status;
  expect(await keyStatus(recent.key)).toBe(401);
  expect(await keyStatus(old.key)).toBe(200);

  await panel.getByRole("button", { name: "Revoke All API Keys" }).click();
  await toastWith(page, "Password changed").waitFor();
  await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();
  expect(await keyStatus(old.key)).toBe(401);
}, 90_000);
