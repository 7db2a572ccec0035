// /support: the help articles from docs/help, their search, the contact section, desktop and phone.
import { expect, test } from "bun:test";
import { screenshot, setupE2eApp } from "../support/browser";
import { checkScreen } from "./helpers";

const e2e = setupE2eApp();

test("the help centre lists every article, searches them and says how to reach a person", async () => {
  const { page } = await e2e.newPage();
  await page.goto("/support");
  await page.getByRole("heading", { name: "Help Centre", level: 1 }).waitFor();
  for (const title of [
    "Building a program",
    "Printing at home",
    "Printing at a print shop",
    "Booklet formats",
    "Privacy and your information",
  ])
    await page.getByRole("heading", { name: title, level: 2 }).waitFor();
  await page.locator("#printing-at-home--print-a-booklet-at-home").waitFor();
  await checkScreen(page, "help-01-support-page");

  await page.getByLabel("Search the help articles").fill("crop marks");
  const hit = page.getByRole("link", { name: /Printing at a print shop: Which file to send/ });
  await hit.waitFor();
  expect(await hit.getAttribute("href")).toBe("/support#printing-at-a-print-shop--which-file-to-send");
  await page.getByLabel("Search the help articles").fill("the weather tomorrow");
  await page.getByText("No article matches that yet.").waitFor();

  const contact = page.getByRole("region", { name: "Contact us" });
  expect(await contact.getByRole("link", { name: "Email support@keepsake.app" }).getAttribute("href")).toBe(
    "mailto:support@keepsake.app",
  );
  await contact.getByText("988").waitFor();
  await contact.getByRole("button", { name: "Ask the Support Assistant" }).click();
  await page
    .getByRole("region", { name: "Support Assistant" })
    .getByText("Support Assistant", { exact: true })
    .waitFor();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/support#contact");
  await page.getByRole("heading", { name: "Contact us" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await screenshot(page, "help-02-support-phone");
}, 60_000);
