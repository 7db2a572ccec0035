// The builder's AI Writer tab in the real browser against the real server (offline helper): check
// grammar, apply its changes, and see the corrected text in the booklet preview.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { auditAccessibility, screenshot, setupE2eApp } from "../support/browser";

const e2e = setupE2eApp();

const MISTAKES = "Their is no one who didnt feel welcome in her kitchen.";
const CORRECTED = "There is no one who didn't feel welcome in her kitchen.";

/** Opens the AI Writer, checks a text with mistakes and applies the correction to life reflections. */
const checkAndApply = async (page: Page, { watchBusy = false } = {}) => {
  await page.goto("/program-builder?tab=ai-writing");
  await page.getByLabel("Write for").selectOption({ label: "Life reflections" });
  await page.getByLabel("Your text").fill(MISTAKES);

  // Hold the answer back to see the busy flag disable every action.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/writing/check-grammar", async (route) => {
    if (watchBusy) await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Check Grammar", exact: true }).click();
  if (watchBusy) {
    for (const name of ["Check Grammar", "Enhance", "Adjust Tone", "Generate Template"]) {
      expect(await page.getByRole("button", { name, exact: true }).isDisabled()).toBe(true);
    }
    release();
  }

  // The server's first grammar check starts the grammar checker's worker (seconds on a busy machine).
  await page.getByText("Grammar check complete", { exact: true }).waitFor({ timeout: 30_000 });
  await page.getByText(/^Found \d+ potential improvements\.$/).waitFor();
  expect(await page.getByRole("button", { name: "Check Grammar", exact: true }).isEnabled()).toBe(true);

  await page.getByRole("button", { name: "Apply all 2 changes", exact: true }).click();
  await page.getByText("Improvement applied", { exact: true }).waitFor();
  expect(await page.getByLabel("Your text").inputValue()).toBe(CORRECTED);
};

test("check grammar and apply it: the program's life reflections hold the correction", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await checkAndApply(page, { watchBusy: true });
  expect(await auditAccessibility(page)).toEqual([]);
  await screenshot(page, "ai-writer-grammar-result");

  await page.getByRole("tab", { name: "Content", exact: true }).click();
  await page.getByRole("tab", { name: "Content & Photos", exact: true }).click();
  expect(await page.getByLabel("Life reflections", { exact: true }).inputValue()).toBe(CORRECTED);
}, 30_000);

test("the applied correction shows on the booklet preview's life-reflections page", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await checkAndApply(page);
  await page.getByRole("button", { name: /Show page \d+: Life Reflections/i }).click();
  await page.getByTestId("booklet-preview").getByText(CORRECTED).waitFor();
  await screenshot(page, "ai-writer-applied-preview");
}, 30_000);

test("a template uses the details given, and Copy says Copied!", async () => {
  const { page, context } = await e2e.newPage({ signedIn: true });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/program-builder?tab=ai-writing");

  await page.getByLabel("Name", { exact: true }).fill("");
  await page.getByRole("button", { name: "Generate Template", exact: true }).click();
  await page.getByText("Name required", { exact: true }).waitFor();

  await page.getByLabel("Name", { exact: true }).fill("Margaret Doyle");
  await page.getByLabel("Relationship").fill("grandmother");
  await page.getByLabel("Qualities (comma-separated)").fill("kind , patient,, a quick wit");
  await page.getByLabel("Achievements (comma-separated)").fill("taught for 32 years");
  await page.getByLabel("Tone").selectOption("peaceful");
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/writing/generate-template"));
  await page.getByRole("button", { name: "Generate Template", exact: true }).click();
  await page.getByText("Template generated", { exact: true }).waitFor();

  const draft = ((await (await answer).json()) as { improvedText: string }).improvedText;
  expect(draft).toStartWith("In quiet remembrance, we honor Margaret Doyle, a beloved grandmother.");
  expect(draft).toContain("for being kind and patient, and for a quick wit");
  expect(draft).toContain("Margaret taught for 32 years");

  await page.getByRole("button", { name: "Copy", exact: true }).click();
  await page.getByRole("button", { name: "Copied!", exact: true }).waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(draft);
  // The flag clears by itself (after 2 s).
  await page.getByRole("button", { name: "Copy", exact: true }).waitFor();

  // The life reflections were empty: the template goes in only when the family says so.
  expect(await page.getByLabel("Your text").inputValue()).toBe("");
  await page.getByRole("button", { name: "Use this text", exact: true }).click();
  expect(await page.getByLabel("Your text").inputValue()).toBe(draft);
}, 30_000);

test("the tab says the offline rules answer, and enhance offers warmer wording with alternatives", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder?tab=ai-writing");
  expect(await page.getByTestId("writing-mode").textContent()).toContain(
    "No AI model is set up: suggestions come from built-in offline writing rules.",
  );
  await page
    .getByLabel("Your text")
    .fill(
      "Dad liked fishing. He was nice. He worked at the mill for a long time and he had lots of friends.",
    );
  await page.getByRole("button", { name: "Enhance", exact: true }).click();
  await page.getByText("Content enhanced", { exact: true }).waitFor();
  expect(await page.getByTestId("ai-answered-by").textContent()).toBe(
    "Written by the built-in offline writing rules, not an AI model.",
  );
  await page.getByText(/^Or, in other words: "Dad delighted in fishing/).waitFor();
  expect(await auditAccessibility(page)).toEqual([]);
  await screenshot(page, "ai-writer-enhance-offline");
  await page.getByRole("button", { name: /^Apply all \d+ changes$/ }).click();
  expect(await page.getByLabel("Your text").inputValue()).toBe(
    "Dad enjoyed fishing, and he was kind. He worked at the mill for many years and had many friends.",
  );
}, 30_000);

test("a blank text is refused in the browser, and a failed call says so", async () => {
  const { page, context } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder?tab=ai-writing");
  await page.getByLabel("Your text").fill("   ");
  await page.getByRole("button", { name: "Enhance", exact: true }).click();
  await page.getByText("No text provided", { exact: true }).waitFor();

  // Signed out behind the page's back: the server refuses, and the tab shows its failure toast.
  await context.clearCookies();
  await page.getByLabel("Your text").fill("She loved her garden.");
  await page.getByRole("button", { name: "Adjust Tone", exact: true }).click();
  await page.getByText("Tone adjustment failed", { exact: true }).waitFor();
}, 30_000);
