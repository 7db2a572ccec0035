// The Support Assistant in the real browser: on the landing page for visitors, its sizes and states,
// Enter and Shift+Enter, the openChatbot and errorDetected events, the alert, and More Help.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot, setupE2eApp } from "../support/browser";
import { checkScreen, toastWith } from "./helpers";

const e2e = setupE2eApp();
const LANDING = "Honor Their Memory With Dignity";

const panel = (page: Page) => page.getByRole("region", { name: "Support Assistant" });
const box = async (page: Page) => (await panel(page).boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

test("a visitor asks the assistant on the landing page how to print a booklet at home", async () => {
  const { page } = await e2e.newPage();
  await page.goto("/");
  await page.getByRole("heading", { name: LANDING }).waitFor();
  const launcher = page.getByRole("button", { name: "Open support assistant" });
  const round = await launcher.boundingBox();
  expect(round?.width).toBe(56);
  expect(round?.height).toBe(56);
  await screenshot(page, "support-01-landing-widget", { fullPage: false });

  const created = page.waitForRequest(
    (r) => r.url().endsWith("/api/chatbot/session") && r.method() === "POST",
  );
  await launcher.click();
  expect((await created).postDataJSON()).toMatchObject({
    title: "Support Chat",
    context: { currentPage: "landing" },
  });
  await panel(page).getByText("I'm the Keepsake Support Assistant").waitFor();
  expect(await box(page)).toMatchObject({ width: 384, height: 600 });
  await panel(page).getByRole("button", { name: "How do I print a booklet at home?" }).waitFor();

  const input = page.getByLabel("Message the support assistant");
  await input.fill("How do I print");
  await input.press("Shift+Enter");
  await input.pressSequentially("a booklet at home?");
  expect(await input.inputValue()).toBe("How do I print\na booklet at home?");
  expect(await panel(page).locator("li", { hasText: "From our help article" }).count()).toBe(0);
  await input.press("Enter");
  const answer = panel(page).locator("li", { hasText: 'From our help article "Printing at home"' });
  await answer.waitFor();
  expect(await input.inputValue()).toBe("");
  await answer.getByText("Confidence 80%").waitFor();
  const link = answer.getByRole("link", { name: /Read: Printing at home/ });
  expect(await link.getAttribute("href")).toBe("/support#printing-at-home--print-a-booklet-at-home");
  expect(await link.getAttribute("target")).toBe("_blank");
  // Blank text is never sent.
  await input.fill("   ");
  expect(await panel(page).getByRole("button", { name: "Send message" }).isDisabled()).toBe(true);
  await checkScreen(page, "support-02-open-panel");

  await panel(page).getByRole("button", { name: "Minimise support assistant" }).click();
  expect((await box(page)).height).toBe(64);
  await screenshot(page, "support-03-minimised", { fullPage: false });
  await panel(page).getByRole("button", { name: "Expand support assistant" }).click();
  expect((await box(page)).height).toBe(600);

  const [help] = await Promise.all([
    page.context().waitForEvent("page"),
    panel(page).getByRole("link", { name: "More Help" }).click(),
  ]);
  await help.getByRole("heading", { name: "Help Centre" }).waitFor();
  expect(new URL(help.url()).pathname).toBe("/support");
  await help.close();

  await panel(page).getByRole("button", { name: "Close support assistant" }).click();
  expect(await panel(page).count()).toBe(0);
  await page.getByRole("button", { name: "Open support assistant" }).waitFor();
}, 60_000);

test("errorDetected while closed turns the button red with a toast; opening clears it and explains the error", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/programs");
  await page.getByRole("link", { name: "Create New Program" }).first().waitFor();
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent("errorDetected", {
        detail: { error: "TypeError: Failed to fetch", type: "fetch-exception", analysis: null },
      }),
    ),
  );
  const alerted = page.getByRole("button", { name: "Open support assistant: an error was detected" });
  await alerted.waitFor();
  expect(await alerted.getAttribute("class")).toContain("animate-pulse");
  await toastWith(page, "Error Detected")
    .getByText("Support assistant detected an issue. Click the chatbot button for help.")
    .waitFor();
  await screenshot(page, "support-04-alert", { fullPage: false });
  await alerted.click();
  const reply = panel(page).locator("li", { hasText: "Keepsake could not reach the server" });
  await reply.waitFor();
  await reply.getByText("Error Detected").waitFor();
  await reply.getByText("Solution Provided").waitFor();
  await reply.getByText("Confidence 75%").waitFor();
  await page.getByRole("button", { name: "Hide support assistant" }).waitFor();
  // While open, a detected error does not raise the alert.
  await page.evaluate(() =>
    window.dispatchEvent(
      new CustomEvent("errorDetected", { detail: { error: "x", type: "t", analysis: null } }),
    ),
  );
  await page.getByRole("button", { name: "Hide support assistant" }).click();
  await page.getByRole("button", { name: "Open support assistant" }).waitFor();
}, 60_000);

test("openChatbot opens the widget and sends its message, also when the session exists", async () => {
  const { page } = await e2e.newPage();
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await page.getByRole("heading", { name: LANDING }).waitFor();
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent("openChatbot", { detail: { message: "How do I add photos?" } })),
  );
  await panel(page).locator("li", { hasText: 'From our help article "Adding photos"' }).first().waitFor();
  const small = await box(page);
  expect(small.x).toBeGreaterThanOrEqual(16);
  expect(small.x + small.width).toBeLessThanOrEqual(375 - 16);
  expect(small.y).toBeGreaterThanOrEqual(0);
  await screenshot(page, "support-05-phone-open", { fullPage: false });
  await page.evaluate(() =>
    window.dispatchEvent(new CustomEvent("openChatbot", { detail: { message: "What do the plans cost?" } })),
  );
  await panel(page).locator("li", { hasText: 'From our help article "Plans and the free trial"' }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}, 60_000);

test("a failed send shows its failure toast", async () => {
  const { page } = await e2e.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "Open support assistant" }).click();
  await panel(page).getByText("I'm the Keepsake Support Assistant").waitFor();
  await page.route("**/api/chatbot/message", (route) => route.fulfill({ status: 500, body: "{}" }));
  const input = page.getByLabel("Message the support assistant");
  await input.fill("Hello?");
  await input.press("Enter");
  await toastWith(page, "Message failed to send").getByText("Please try again or refresh the chat").waitFor();
}, 60_000);

test("in the builder the button keeps to the left, clear of the sticky preview's page controls", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/");
  await page.getByRole("button", { name: "View Examples" }).click();
  await page.getByRole("heading", { name: "Live Preview" }).waitFor();
  const launcher = await page.getByRole("button", { name: "Open support assistant" }).boundingBox();
  const next = await page.getByRole("button", { name: "Next" }).boundingBox();
  if (!launcher || !next) throw new Error("missing button");
  expect(launcher.x).toBe(16);
  const overlaps =
    launcher.x < next.x + next.width &&
    next.x < launcher.x + launcher.width &&
    launcher.y < next.y + next.height &&
    next.y < launcher.y + launcher.height;
  expect(overlaps).toBe(false);
  await screenshot(page, "support-06-builder", { fullPage: false });
}, 60_000);

test("signing in starts a new chat: a visitor's conversation is not carried into the account", async () => {
  const { page } = await e2e.newPage();
  const account = await e2e.app.client().signUp();
  await page.goto("/login");
  await page.getByRole("button", { name: "Open support assistant" }).click();
  const input = page.getByLabel("Message the support assistant");
  await panel(page).getByText("I'm the Keepsake Support Assistant").waitFor();
  await input.fill("How do I add photos?");
  await input.press("Enter");
  await panel(page).locator("li", { hasText: 'From our help article "Adding photos"' }).waitFor();

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();
  expect(await panel(page).count()).toBe(0);
  await page.getByRole("button", { name: "Open support assistant" }).click();
  await panel(page).getByText("I'm the Keepsake Support Assistant").waitFor();
  expect(await panel(page).locator("li", { hasText: "You said:" }).count()).toBe(0);
}, 60_000);

test("a chat opened from a saved program sends its id, and the assistant answers about that program", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder");
  await page.getByLabel("Full name").fill("Walter Pennington");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.waitForURL(/\/program-builder\/[^/?]+/);
  const programId = new URL(page.url()).pathname.split("/").pop();

  const created = page.waitForRequest(
    (r) => r.url().endsWith("/api/chatbot/session") && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Open support assistant" }).click();
  expect((await created).postDataJSON().context).toMatchObject({ programId });
  await panel(page).getByText("I'm the Keepsake Support Assistant").waitFor();
  const sent = page.waitForRequest((r) => r.url().endsWith("/api/chatbot/message"));
  const input = page.getByLabel("Message the support assistant");
  await input.fill("Why is my PDF 8 pages?");
  await input.press("Enter");
  expect((await sent).postDataJSON().context).toMatchObject({ programId });
  await panel(page).getByText("Walter Pennington's program prints as 8 pages.").waitFor();
}, 60_000);

test('"My PDF has no photos" links the section about photos missing from a PDF; an unknown question links Contact us', async () => {
  const { page } = await e2e.newPage();
  await page.goto("/");
  await page.getByRole("heading", { name: LANDING }).waitFor();
  await page.getByRole("button", { name: "Open support assistant" }).click();
  const input = page.getByLabel("Message the support assistant");
  await input.fill("My PDF has no photos");
  await input.press("Enter");
  const photos = panel(page).getByRole("link", { name: /Read: Adding photos: Photos missing from the PDF/ });
  await photos.waitFor();
  expect(
    await panel(page)
      .getByText(/Upload failed/)
      .count(),
  ).toBe(0);

  await input.fill("can i change my email address");
  await input.press("Enter");
  const answer = panel(page).locator("li", { hasText: "I don't know the answer to that" });
  await answer.getByText(/support@keepsake\.app/).waitFor();
  expect(await answer.getByRole("link", { name: "Read: Contact us" }).getAttribute("href")).toBe(
    "/support#contact",
  );
}, 60_000);
