// The Emotional Support chat on the signed-in home page: welcome, suggestions, feelings never
// labelled, the comfort message a second after, writing inspiration, guided writing into the
// builder, the crisis reply said once, and failures.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { screenshot, setupE2eApp } from "../support/browser";
import { checkScreen, toastWith } from "./helpers";

const e2e = setupE2eApp();

const chat = (page: Page) => page.getByRole("region", { name: "Emotional Support" });

const openChat = async (page: Page) => {
  await page.goto("/");
  await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();
  const created = page.waitForRequest(
    (r) => r.url().endsWith("/api/chatbot/session") && r.method() === "POST",
  );
  await page.getByRole("button", { name: "Support", exact: true }).click();
  expect((await created).postDataJSON()).toMatchObject({
    title: "Emotional Support Session",
    context: { currentPage: "home" },
  });
  await chat(page).getByText("I'm so sorry for your loss").waitFor();
};

test("welcome, at most 3 suggestions, comfort a second after, and no feeling ever labelled", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await openChat(page);
  const suggestions = chat(page).getByRole("list", { name: "Suggestions" }).getByRole("button");
  await suggestions.first().waitFor();
  expect(await suggestions.count()).toBe(3);

  const input = page.getByLabel("Share what's on your mind");
  await input.fill("I miss my dad so much, I can't stop crying");
  const sentAt = Date.now();
  const comfort = page.waitForRequest((r) => r.url().endsWith("/api/chatbot/comfort"));
  await input.press("Enter");
  const reply = chat(page).locator("li", { hasText: "Assistant said:" }).nth(1);
  await reply.waitFor();
  expect(await chat(page).getByRole("list", { name: "Suggestions" }).count()).toBe(0);
  const request = await comfort;
  expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1000);
  expect(request.postDataJSON()).toMatchObject({ emotionalState: "sad", context: { currentPage: "home" } });
  await chat(page).locator("li", { hasText: "Assistant said:" }).nth(2).waitFor();

  await input.fill("Thank you, I'm so grateful");
  await input.press("Enter");
  await chat(page)
    .locator("li", { hasText: /Thank you for saying so|lovely to hear that/ })
    .waitFor();
  // The chat reads feelings to choose its words, but never names them back as labels.
  expect(
    await chat(page)
      .getByLabel(/^Feeling/)
      .count(),
  ).toBe(0);
  for (const feeling of ["sad", "grateful", "overwhelmed", "neutral"])
    expect(await chat(page).getByText(feeling, { exact: true }).count()).toBe(0);
  await checkScreen(page, "emotional-01-conversation");
}, 60_000);

test('"Help me write about my loved one" opens guided writing whose answers fill the builder', async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await openChat(page);
  await chat(page).getByRole("button", { name: "Help me write about my loved one" }).click();
  await chat(page).getByText("Let's find the words together").waitFor();
  const guided = chat(page).getByRole("region", { name: "Guided writing" });
  const first = guided.getByLabel("Tell the story of how you met, or your earliest memory of them.");
  await first.waitFor();
  expect(await guided.getByRole("textbox").count()).toBe(3);
  await first.fill("We met at the county fair in 1962; she beat me at the ring toss.");
  await guided.getByRole("button", { name: "Add to my program" }).click();
  await page.waitForURL(/\/program-builder/);
  await page.getByRole("tab", { name: "Content & Photos" }).click();
  expect(await page.getByRole("textbox", { name: "Life reflections", exact: true }).inputValue()).toBe(
    "We met at the county fair in 1962; she beat me at the ring toss.",
  );
}, 60_000);

test("the sparkle button's writing inspiration: open, pick a prompt, close with X; prompt failures toast", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await openChat(page);
  await chat(page).getByRole("button", { name: "Writing inspiration" }).click();
  const panel = chat(page).getByRole("region", { name: "Writing inspiration" });
  const prompt = panel.getByRole("button", {
    name: "Tell the story of how you met, or your earliest memory of them.",
  });
  await prompt.waitFor();
  const list = await panel.getByRole("list").boundingBox();
  expect(list?.height).toBeLessThanOrEqual(128);
  await screenshot(page, "emotional-02-inspiration", { fullPage: false });
  await prompt.click();
  expect(await panel.count()).toBe(0);
  expect(await page.getByLabel("Share what's on your mind").inputValue()).toBe(
    "Tell the story of how you met, or your earliest memory of them.",
  );
  await chat(page).getByRole("button", { name: "Writing inspiration" }).click();
  await panel.getByRole("button", { name: "Close writing inspiration" }).click();
  expect(await panel.count()).toBe(0);

  await page.route("**/api/chatbot/writing-prompts*", (route) => route.fulfill({ status: 500, body: "{}" }));
  await page.evaluate(() => localStorage.clear());
  const input = page.getByLabel("Share what's on your mind");
  await input.fill("There is too much to do and I'm overwhelmed");
  await input.press("Enter");
  await chat(page).locator("li", { hasText: "Assistant said:" }).nth(1).waitFor();
  await chat(page).getByRole("button", { name: "Writing inspiration" }).click();
  await toastWith(page, "Error").getByText("Unable to load writing prompts. Please try again.").waitFor();
}, 60_000);

test("a message about self-harm is answered at once with the 988 Lifeline and local emergency services", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await openChat(page);
  const input = page.getByLabel("Share what's on your mind");
  await input.fill("I don't want to live anymore without her");
  await input.press("Enter");
  const reply = chat(page).locator("li", { hasText: "988 Suicide & Crisis Lifeline" });
  await reply.waitFor();
  await reply.getByText(/call your local emergency number/).waitFor();
  // Said once: no comfort message repeats it a second later.
  let comforted = false;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/chatbot/comfort")) comforted = true;
  });
  await page.waitForTimeout(1500);
  expect(comforted).toBe(false);
  expect(await reply.count()).toBe(1);
}, 60_000);

test("failures: the session start and a message each show their failure toast", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.route("**/api/chatbot/session", (route) => route.fulfill({ status: 500, body: "{}" }), {
    times: 1,
  });
  await page.goto("/");
  await page.getByRole("button", { name: "Support", exact: true }).click();
  await toastWith(page, "Connection Error")
    .getByText("Unable to start chat session. Please try again.")
    .waitFor();
  await page.getByRole("button", { name: "Close emotional support" }).click();
  await page.getByRole("button", { name: "Support", exact: true }).click();
  await chat(page).getByText("I'm so sorry for your loss").waitFor();

  await page.route("**/api/chatbot/message", (route) => route.fulfill({ status: 500, body: "{}" }));
  const input = page.getByLabel("Share what's on your mind");
  await input.fill("Hello");
  await input.press("Enter");
  await toastWith(page, "Message Failed").getByText("Unable to send message. Please try again.").waitFor();
  await chat(page)
    .getByText(/having trouble responding.*try again shortly.*take a break and come back later/)
    .waitFor();
}, 60_000);

test("both floating widgets fit without covering each other or the page, on a desktop and at 375 px", async () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    const { page } = await e2e.newPage({ signedIn: true, viewport });
    await page.goto("/");
    await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();
    const support = await page.getByRole("button", { name: "Support", exact: true }).boundingBox();
    const assistant = await page.getByRole("button", { name: "Open support assistant" }).boundingBox();
    if (!support || !assistant) throw new Error("a widget button is missing");
    expect(support.x + support.width).toBeLessThan(assistant.x);
    // At the end of the page, nothing sits under the buttons: the footer ends above them.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const footer = await page.locator("footer").boundingBox();
    expect((footer?.y ?? 0) + (footer?.height ?? 0)).toBeLessThanOrEqual(assistant.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    await screenshot(page, `emotional-03-buttons-${viewport.width}`, { fullPage: false });
    // Opening one chat closes the other: they never overlap.
    await page.getByRole("button", { name: "Support", exact: true }).click();
    await chat(page).waitFor();
    await page.getByRole("button", { name: "Open support assistant" }).click();
    await page.getByRole("region", { name: "Support Assistant" }).waitFor();
    expect(await chat(page).count()).toBe(0);
    const panel = await page.getByRole("region", { name: "Support Assistant" }).boundingBox();
    expect((panel?.y ?? 0) + (panel?.height ?? 0)).toBeLessThanOrEqual(assistant.y);
  }
}, 60_000);
