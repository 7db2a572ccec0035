// The funeral-home integration page in the real browser against the real server: create and revoke
// an API key, register a loopback webhook receiver, import a case export with an edited mapping,
// and see the signed deliveries in the page's log.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { screenshot, setupE2eApp } from "../support/browser";
import { checkScreen } from "./helpers";

const e2e = setupE2eApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: "1" } });
const passare = readFileSync(join(import.meta.dir, "../../fixtures/cases/passare-like.csv"));

const received: { body: string; signature: string }[] = [];
let receiver: ReturnType<typeof Bun.serve>;
beforeAll(() => {
  receiver = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(request) {
      received.push({
        body: await request.text(),
        signature: request.headers.get("keepsake-signature") ?? "",
      });
      return new Response("ok");
    },
  });
});
afterAll(() => receiver.stop(true));

const signatureMatches = (signature: string, body: string, secret: string) => {
  const { t, v1 } = Object.fromEntries(signature.split(",").map((p) => p.split("=") as [string, string]));
  return createHmac("sha256", secret).update(`${t}.${body}`).digest("hex") === v1;
};

test("create a key, add a webhook, import a case file with an edited mapping, see the deliveries", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/funeral-integration");
  await page.getByRole("heading", { name: "Funeral Home Integration" }).waitFor();

  // An API key, shown once, that works and is then revoked
  await page.getByLabel("Key name").fill("Passare sync");
  await page.getByRole("button", { name: "Create key" }).click();
  const key =
    (await page.getByRole("status").filter({ hasText: "Your new key" }).locator("code").textContent()) ?? "";
  expect(key).toMatch(/^ks_live_/);
  await page.getByText(`${key.slice(0, 12)}…`).waitFor();
  const viaKey = await fetch(`${e2e.app.url}/api/programs`, { headers: { authorization: `Bearer ${key}` } });
  expect(viaKey.status).toBe(200);

  // A webhook receiver on loopback, with its secret shown once
  await page.getByLabel("Endpoint URL").fill(`http://127.0.0.1:${receiver.port}/keepsake`);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const secret =
    (await page.getByRole("status").filter({ hasText: "Signing secret" }).locator("code").textContent()) ??
    "";
  expect(secret).toMatch(/^whsec_/);

  // A file with a bad row names it and cannot be imported
  const broken = Buffer.from(passare.toString("utf8").replace("11/3/1948", "31/31/1948"));
  await page.getByLabel("Choose a case export (CSV or JSON)").setInputFiles({
    name: "broken.csv",
    mimeType: "text/csv",
    buffer: broken,
  });
  await page
    .getByRole("alert")
    .getByText("Row 2: Birth date: Birth date must be a date like 1931-04-12")
    .waitFor();
  expect(await page.getByRole("button", { name: "Import 3 programs" }).isDisabled()).toBe(true);

  // The real file, with the mapping edited: the funeral home's name as the location
  await page.getByLabel("Choose a case export (CSV or JSON)").setInputFiles({
    name: "passare.csv",
    mimeType: "text/csv",
    buffer: passare,
  });
  await page.getByText("Every case is ready to import.").waitFor();
  expect(await page.getByLabel("Decedent Last Name").inputValue()).toBe("fullName");
  await page.getByLabel("Service Location").selectOption({ label: "Not imported" });
  await page.getByLabel("Funeral Home").selectOption({ label: "Location" });
  await page.getByRole("cell", { name: "Maple Grove Funeral Home" }).first().waitFor();
  await page.getByRole("cell", { name: "Eleanor Grace Whitfield (Nell)" }).waitFor();
  await checkScreen(page, "40-integration-import-preview");
  await page.getByRole("button", { name: "Import 3 programs" }).click();
  await page.getByText("Created 3 programs.").waitFor();

  // Three program.created deliveries, signed, in the log
  const log = page.getByRole("table", { name: "Delivery log" });
  await log.getByText("Delivered").nth(2).waitFor({ timeout: 15_000 });
  expect(await log.getByText("program.created").count()).toBe(3);
  expect(received).toHaveLength(3);
  for (const { body, signature } of received) expect(signatureMatches(signature, body, secret)).toBe(true);
  expect(received.map((r) => JSON.parse(r.body).data.program.fullName).sort()).toEqual([
    "Eleanor Grace Whitfield",
    "José Núñez",
    "Samuel James Lee",
  ]);

  await page.reload();
  await page.getByRole("heading", { name: "API keys" }).waitFor();
  await page.getByRole("button", { name: "Revoke Passare sync" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke Key" }).click();
  await page.getByText("Revoked", { exact: true }).waitFor();
  const revoked = await fetch(`${e2e.app.url}/api/programs`, { headers: { authorization: `Bearer ${key}` } });
  expect(revoked.status).toBe(401);
  await screenshot(page, "41-integration", { fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole("heading", { name: "Webhooks" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, "42-integration-phone", { fullPage: true });
}, 90_000);
