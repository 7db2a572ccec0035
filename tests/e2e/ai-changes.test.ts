// Nothing the AI Writer suggests reaches the program unseen: each answer is shown as changes to the
// family's text, applied all at once or one by one, undone from the toast or with Ctrl+Z, and every
// field keeps its versions through a save and a reload. Real browser, real server (offline helper).
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { auditAccessibility, screenshot, setupE2eApp } from "../support/browser";
import { toastWith } from "./helpers";

const e2e = setupE2eApp();

const MISTAKES = "Their is no one who didnt feel welcome in her kitchen.";
const ONE_FIXED = "Their is no one who didn't feel welcome in her kitchen.";
const CORRECTED = "There is no one who didn't feel welcome in her kitchen.";

const yourText = (page: Page) => page.getByLabel("Your text", { exact: true });

/** Saves with Save Draft and reads the life reflections the server now holds. */
const savedLifeReflections = async (page: Page) => {
  const saved = page.waitForResponse(
    (r) => r.url().includes("/api/programs") && ["POST", "PUT"].includes(r.request().method()),
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  const program = (await (await saved).json()) as { id: string };
  await toastWith(page, "Program saved successfully!").waitFor();
  const stored = (await (await page.request.get(`/api/programs/${program.id}`)).json()) as {
    lifeReflections: string;
  };
  return stored.lifeReflections;
};

const checkGrammar = async (page: Page, text: string) => {
  await page.goto("/program-builder?tab=ai-writing");
  await page.getByLabel("Write for").selectOption({ label: "Life reflections" });
  await yourText(page).fill(text);
  await page.getByRole("button", { name: "Check Grammar", exact: true }).click();
  // The server's first grammar check starts the grammar checker's worker (seconds on a busy machine).
  await toastWith(page, "Grammar check complete").waitFor({ timeout: 30_000 });
};

test("grammar changes apply one at a time or all, undo from the toast and with Ctrl+Z, and saves hold what is shown", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await checkGrammar(page, MISTAKES);

  // Shown as changes; the field is untouched until the family applies.
  const diff = page.getByTestId("ai-diff");
  expect(await diff.locator("del").allTextContents()).toEqual(["removed: Their", "removed: didnt"]);
  expect(await diff.locator("ins").allTextContents()).toEqual(["added: There", "added: didn't"]);
  expect(await yourText(page).inputValue()).toBe(MISTAKES);
  await screenshot(page, "ai-changes-grammar-diff");
  expect(await auditAccessibility(page)).toEqual([]);

  // One suggestion on its own; the other stays offered.
  await page.getByRole("button", { name: "Apply: “didnt” → “didn't”" }).click();
  expect(await yourText(page).inputValue()).toBe(ONE_FIXED);
  await page.getByRole("button", { name: "Apply the change", exact: true }).waitFor();

  // Undo in the toast takes it back, and both changes are offered again.
  await toastWith(page, "Change applied").getByRole("button", { name: "Undo" }).click();
  await toastWith(page, "Change undone").waitFor();
  expect(await yourText(page).inputValue()).toBe(MISTAKES);

  await page.getByRole("button", { name: "Apply all 2 changes", exact: true }).click();
  expect(await yourText(page).inputValue()).toBe(CORRECTED);
  await page.getByText("Your text already reads like this.").waitFor();
  expect(await savedLifeReflections(page)).toBe(CORRECTED);

  // Ctrl+Z in the text box takes back the apply, and the next save holds the family's own words.
  await yourText(page).focus();
  await page.keyboard.press("Control+z");
  expect(await yourText(page).inputValue()).toBe(MISTAKES);
  await toastWith(page, "Change undone").waitFor();
  expect(await savedLifeReflections(page)).toBe(MISTAKES);
}, 60_000);

test("a template is inserted at the cursor or replaces the text only when chosen; after a reload, Versions brings back the family's words", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  const mine = "Mum loved her garden.\n\nShe never missed a Sunday lunch.";
  await page.goto("/program-builder?tab=ai-writing");
  await yourText(page).fill(mine);
  expect(await savedLifeReflections(page)).toBe(mine);

  /** Generates a template and answers its text, as the server wrote it. */
  const generate = async () => {
    await page.getByLabel("Name", { exact: true }).fill("Margaret Doyle");
    await page.getByLabel("Relationship").fill("mother");
    const answer = page.waitForResponse((r) => r.url().endsWith("/api/writing/generate-template"));
    await page.getByRole("button", { name: "Generate Template", exact: true }).click();
    await toastWith(page, "Template generated").waitFor();
    return ((await (await answer).json()) as { improvedText: string }).improvedText;
  };
  const template = await generate();
  // Nothing replaced: the family's text stays, and the template is shown as what Replace would do.
  expect(await yourText(page).inputValue()).toBe(mine);
  await page.getByText("Replace takes out the 10 words you wrote here.", { exact: false }).waitFor();
  expect(template).toContain("Margaret");
  expect(await savedLifeReflections(page)).toBe(mine);

  // The cursor after the first paragraph: the template goes in there as a paragraph of its own.
  await yourText(page).evaluate((el: HTMLTextAreaElement) => {
    el.focus();
    el.setSelectionRange(21, 21);
  });
  await page.getByRole("button", { name: "Insert at cursor", exact: true }).click();
  const inserted = `Mum loved her garden.\n\n${template}\n\nShe never missed a Sunday lunch.`;
  expect(await yourText(page).inputValue()).toBe(inserted);
  await toastWith(page, "Template inserted").waitFor();

  await generate();
  await page.getByRole("button", { name: "Replace my text", exact: true }).click();
  expect(await yourText(page).inputValue()).toBe(template);
  expect(await savedLifeReflections(page)).toBe(template);

  // A reload keeps the versions of this session; the family goes back to what they wrote before the AI.
  await page.reload();
  await page.getByRole("button", { name: /^Versions \(\d+\)$/ }).click();
  await screenshot(page, "ai-changes-versions");
  await page.getByRole("button", { name: /^Restore: Your text before the template was inserted, / }).click();
  expect(await yourText(page).inputValue()).toBe(mine);
  await toastWith(page, "Earlier version restored").waitFor();
  expect(await savedLifeReflections(page)).toBe(mine);
}, 60_000);

test("on a phone: the diff fits, Dismiss changes nothing, and typing after a suggestion stops it from undoing the new words", async () => {
  const { page } = await e2e.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
  await checkGrammar(page, MISTAKES);
  await page.getByTestId("ai-diff").scrollIntoViewIfNeeded();
  await screenshot(page, "ai-changes-grammar-diff-phone");
  expect(await auditAccessibility(page)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);

  await yourText(page).fill(`${MISTAKES} We miss her.`);
  await page.getByText("Your text has changed since this suggestion was made").waitFor();
  expect(await page.getByRole("button", { name: /^Apply/ }).count()).toBe(0);

  await page.getByRole("button", { name: "Dismiss", exact: true }).click();
  expect(await page.getByTestId("ai-diff").count()).toBe(0);
  expect(await yourText(page).inputValue()).toBe(`${MISTAKES} We miss her.`);
}, 60_000);

test("on a phone: a word the checker does not know is offered for this program's words, is not listed again once added, and stays through a save and a reload", async () => {
  const { page } = await e2e.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
  const text = "Summers with the Quillfeathers at Brannockmere were her happiest days.";
  await checkGrammar(page, text);
  const addSurname = page.getByRole("button", { name: "Add to this program's words: Quillfeathers" });
  await page.getByRole("button", { name: "Add to this program's words: Brannockmere" }).waitFor();
  await addSurname.scrollIntoViewIfNeeded();
  await screenshot(page, "ai-changes-unknown-words-phone");
  expect(await auditAccessibility(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);

  // Added to the program, never to the text: the family's words stay as they wrote them.
  await addSurname.click();
  await toastWith(page, "“Quillfeathers” added to this program's words").waitFor();
  expect(await addSurname.count()).toBe(0);
  const remove = page.getByRole("button", { name: "Remove Quillfeathers from this program's words" });
  await remove.waitFor();
  expect(await yourText(page).inputValue()).toBe(text);
  await screenshot(page, "ai-changes-program-words-phone");
  expect(await auditAccessibility(page)).toEqual([]);
  expect(await savedLifeReflections(page)).toBe(text);

  // A second check sends the word with the program's names, and the checker no longer lists it.
  const answer = page.waitForResponse((r) => r.url().endsWith("/api/writing/check-grammar"));
  await page.getByRole("button", { name: "Check Grammar", exact: true }).click();
  const checked = await answer;
  expect(checked.request().postDataJSON().protectedNames).toContain("Quillfeathers");
  expect(((await checked.json()) as { unknownWords: string[] }).unknownWords).not.toContain("Quillfeathers");
  await page.getByRole("button", { name: "Add to this program's words: Brannockmere" }).waitFor();
  expect(await addSurname.count()).toBe(0);

  // The saved program holds it after a reload; the family can take it out again.
  await page.reload();
  await remove.waitFor();
  const id = new URL(page.url()).pathname.split("/").pop();
  expect((await (await page.request.get(`/api/programs/${id}`)).json()).programWords).toEqual([
    "Quillfeathers",
  ]);
  await remove.click();
  await page.getByText("None yet.", { exact: false }).waitFor();
  expect(await savedLifeReflections(page)).toBe(text);
  expect((await (await page.request.get(`/api/programs/${id}`)).json()).programWords).toEqual([]);
}, 90_000);
