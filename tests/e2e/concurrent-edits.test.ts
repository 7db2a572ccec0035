import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { setupE2eApp } from "../support/browser";
import { checkScreen, toastWith } from "./helpers";

const e2e = setupE2eApp();

const saveAndConfirm = async (page: Page) => {
  await page.getByRole("button", { name: "Save Draft" }).click();
  await toastWith(page, "Program saved successfully!").last().waitFor();
};

const conflictDialog = (page: Page) =>
  page.getByRole("alertdialog", { name: "This program was changed elsewhere" });

test("two tabs saving one program: the stale save shows both versions, take theirs or keep mine", async () => {
  const { page: first, context } = await e2e.newPage({ signedIn: true });
  const origin = { origin: e2e.app.url };
  const created = await first.request.post("/api/programs", {
    headers: origin,
    data: { fullName: "Eleanor Whitfield", preferredName: "Nora" },
  });
  const { id } = (await created.json()) as { id: string };
  const second = await context.newPage();
  for (const page of [first, second]) {
    await page.goto(`/program-builder/${id}`);
    await page.getByLabel("Full name").waitFor();
  }

  await first.getByLabel("Full name").fill("Eleanor Grace Whitfield");
  await saveAndConfirm(first);

  // The second tab still holds version 1: its save is refused and both versions are shown.
  await second.getByLabel("Preferred name").fill("Nell");
  await second.getByRole("button", { name: "Save Draft" }).click();
  const dialog = conflictDialog(second);
  await dialog.waitFor();
  const nameRow = dialog.getByRole("row", { name: /Full name/ });
  expect(await nameRow.textContent()).toContain("Eleanor Whitfield");
  expect(await nameRow.textContent()).toContain("Eleanor Grace Whitfield");
  expect(await dialog.getByRole("row", { name: /Preferred name/ }).textContent()).toContain("Nell");
  await checkScreen(second, "concurrent-edit-conflict");
  const stored = async () =>
    (await (await first.request.get(`/api/programs/${id}`)).json()) as Record<string, unknown>;
  expect(await stored()).toMatchObject({
    fullName: "Eleanor Grace Whitfield",
    preferredName: "Nora",
    version: 2,
  });

  // Take theirs: the draft becomes the saved version, nothing is written.
  await dialog.getByRole("button", { name: "Take Saved Version" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(await second.getByLabel("Full name").inputValue()).toBe("Eleanor Grace Whitfield");
  expect(await second.getByLabel("Preferred name").inputValue()).toBe("Nora");
  expect((await stored()).version).toBe(2);

  // Now the second tab is current and saves; the first tab is the stale one.
  await second.getByLabel("Preferred name").fill("Nell");
  await saveAndConfirm(second);
  await first.getByLabel("Preferred name").fill("Ellie");
  await first.getByRole("button", { name: "Save Draft" }).click();
  const firstDialog = conflictDialog(first);
  await firstDialog.waitFor();
  // Keep mine: the user chose to replace the newer version with this tab's draft.
  await firstDialog.getByRole("button", { name: "Keep My Version" }).click();
  await toastWith(first, "Program saved successfully!").last().waitFor();
  expect(await stored()).toMatchObject({
    fullName: "Eleanor Grace Whitfield",
    preferredName: "Ellie",
    version: 4,
  });
}, 60_000);
