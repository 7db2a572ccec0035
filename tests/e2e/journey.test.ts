// A new family's whole first visit, in the real browser against the real server: landing,
// registration (every validation message), home, the builder with its live preview, saving,
// the saved programs list, editing through /program/{id} and deleting.
import { expect, test } from "bun:test";
import { setupE2eApp } from "../support/browser";
import { checkScreen, holdRequest, toastWith } from "./helpers";

const e2e = setupE2eApp();

test("a new user registers, builds, saves, edits and deletes a program", async () => {
  const { page } = await e2e.newPage();
  const email = `journey.${Date.now()}@example.com`;

  // Landing
  await page.goto("/");
  await page.getByRole("heading", { name: "Honor Their Memory With Dignity" }).waitFor();
  for (const card of [
    "Beautiful Themes",
    "Professional Layouts",
    "Easy Export",
    "Personal Touch",
    "Save & Share",
    "Batch Generator",
  ]) {
    expect(await page.getByRole("heading", { name: card }).isVisible()).toBe(true);
  }
  // The spec's whole list: the writing helper named concretely, and the case-system integration.
  for (const claim of [
    "checks grammar",
    "enhances what you wrote",
    "writing templates",
    "funeral-home case system",
  ]) {
    expect(await page.getByText(claim, { exact: false }).isVisible()).toBe(true);
  }
  expect(await page.getByText(`© ${new Date().getFullYear()} Keepsake`).isVisible()).toBe(true);
  await checkScreen(page, "01-landing");

  // Register: every validation message, then success
  await page.getByRole("link", { name: "Start Creating Now" }).click();
  await page.getByRole("heading", { name: "Create Your Account" }).waitFor();
  expect(page.url()).toEndWith("/register");
  expect(await page.getByText("14-day free trial included").isVisible()).toBe(true);
  await page.getByRole("button", { name: "Create Account" }).click();
  for (const message of [
    "First name is required",
    "Last name is required",
    "Please enter a valid email address",
    "Password must be at least 8 characters",
  ]) {
    await page.getByText(message).waitFor();
  }
  expect(await page.getByLabel("First name").getAttribute("aria-invalid")).toBe("true");
  await page.getByLabel("First name").fill("Margaret");
  await page.getByLabel("Last name").fill("Albright");
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Password", { exact: true }).fill("gentle rain");
  await page.getByLabel("Confirm password", { exact: true }).fill("gentle rainy");
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.getByText("Passwords don't match").waitFor();
  expect(await page.getByText("Please enter a valid email address").isVisible()).toBe(true);
  expect(await page.getByText("First name is required").count()).toBe(0);
  await checkScreen(page, "02-register-errors");

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Confirm password", { exact: true }).fill("gentle rain");
  await page.getByRole("button", { name: "Show confirm password" }).click();
  expect(await page.getByLabel("Confirm password", { exact: true }).getAttribute("type")).toBe("text");
  const registering = await holdRequest(page, "**/api/register");
  await page.getByRole("button", { name: "Create Account" }).click();
  const pending = page.getByRole("button", { name: "Creating Account..." });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  registering.release();
  await toastWith(page, "Welcome to Keepsake!").waitFor();
  expect(await toastWith(page, "Your 14-day free trial has started.").count()).toBe(1);

  // Home
  await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();
  expect(new URL(page.url()).pathname).toBe("/");
  expect(await page.getByText("Welcome, Margaret.").isVisible()).toBe(true);
  await checkScreen(page, "03-home");

  // Builder: type a name and see it in the preview
  await page.getByRole("link", { name: "Create Program" }).click();
  await page.getByRole("heading", { name: "Live Preview" }).waitFor();
  const preview = page.getByTestId("booklet-preview");
  await page.getByLabel("Full name").fill("Harold James Albright");
  await preview.getByText("Harold James Albright").waitFor();
  await page.getByLabel("Date of birth").fill("1940-06-02");
  await page.getByLabel("Date of passing").fill("2025-01-17");

  // Page through the preview
  const prev = page.getByRole("button", { name: "Previous" });
  const next = page.getByRole("button", { name: "Next" });
  const dots = page
    .getByRole("navigation", { name: "Preview pages" })
    .getByRole("button", { name: /^Show page/ });
  const pageCount = await dots.count();
  expect(pageCount).toBeGreaterThanOrEqual(6);
  expect(await prev.isDisabled()).toBe(true);
  expect(await next.isEnabled()).toBe(true);
  await next.click();
  await page.getByText(`Page 2 of ${pageCount}`).waitFor();
  expect(await prev.isEnabled()).toBe(true);
  await dots.nth(pageCount - 1).click();
  await page.getByText(`Page ${pageCount} of ${pageCount}`).waitFor();
  expect(await next.isDisabled()).toBe(true);
  expect(await dots.nth(pageCount - 1).getAttribute("aria-current")).toBe("page");
  await prev.click();
  await page.getByText(`Page ${pageCount - 1} of ${pageCount}`).waitFor();
  await dots.first().click();
  await page.getByText(`Page 1 of ${pageCount}`).waitFor();

  // Change the theme and see it applied
  await page.getByRole("tab", { name: "Design" }).click();
  expect(new URL(page.url()).searchParams.get("tab")).toBe("design");
  expect(await page.getByText("Theme: Classic").isVisible()).toBe(true);
  await page.getByRole("radio", { name: "Ocean" }).check();
  await page.getByText("Theme: Ocean").waitFor();
  expect(await preview.getAttribute("data-theme")).toBe("ocean");
  await page.getByRole("radio", { name: "Vintage" }).check();
  await page.getByText("Overlay: Vintage").waitFor();
  await page.getByRole("radio", { name: "Lora" }).check();
  await page.getByRole("radio", { name: "Modern" }).check();
  await checkScreen(page, "04-builder-design");

  // Service details: the default order, then add, remove and reorder
  await page.getByRole("tab", { name: "Content", exact: true }).click();
  await page.getByRole("tab", { name: "Service Details" }).click();
  await page.getByLabel("Service date and time").fill("2025-01-25T10:30");
  await page.getByLabel("Service location").fill("Grace Chapel, 9 Church Lane");
  await page.getByLabel("Officiant").fill("Rev. Thomas Hale");
  await page.getByRole("button", { name: "Use the default order of service" }).click();
  const itemTitles = page.getByRole("group", { name: /^Service item/ }).getByLabel("Title");
  expect(await itemTitles.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value))).toEqual([
    "Processional",
    "Opening Prayer",
    "Scripture Reading",
    "Musical Selection",
    "Eulogy",
    "Closing Prayer",
    "Recessional",
  ]);
  await page.getByRole("button", { name: "Add Service Item" }).click();
  await page.getByRole("group", { name: "Service item 8" }).getByLabel("Title").fill("Reception");
  await page.getByRole("button", { name: "Remove service item 4" }).click();
  await page.getByRole("button", { name: "Move service item 1 down" }).click();
  expect(await page.getByRole("button", { name: "Move service item 1 up" }).isDisabled()).toBe(true);
  expect(await page.getByRole("button", { name: "Move service item 7 down" }).isDisabled()).toBe(true);
  await page.getByRole("textbox", { name: "Pallbearers" }).fill("Daniel Albright\nSamuel Ortiz");

  await page.getByRole("tab", { name: "Tributes" }).click();
  await page.getByRole("button", { name: "Add Tribute" }).click();
  await page.getByRole("group", { name: "Tribute 1" }).getByLabel("Written by").fill("Lucy Albright");
  await page.getByRole("group", { name: "Tribute 1" }).getByLabel("Relationship").fill("Granddaughter");
  await page
    .getByRole("group", { name: "Tribute 1" })
    .getByLabel("Message")
    .fill("Grandpa taught me to fish.");
  await page.getByRole("textbox", { name: "Acknowledgments" }).fill("Thank you to the nurses of Ward 4.");
  await checkScreen(page, "05-builder-content");

  // Save: creates the program, the address becomes /program-builder/{id}
  const saving = await holdRequest(page, "**/api/programs");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.getByRole("button", { name: "Saving..." }).waitFor();
  saving.release();
  await toastWith(page, "Program saved successfully!").waitFor();
  await page.waitForURL(/\/program-builder\/[\w-]+/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  await page.getByText("All changes saved").waitFor();

  // A second save updates the same program
  await page.getByRole("tab", { name: "Basic Information" }).click();
  await page.getByLabel("Preferred name").fill("Harry");
  await page.getByText("Unsaved changes").waitFor();
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.getByText("All changes saved").waitFor();
  expect(new URL(page.url()).pathname).toBe(`/program-builder/${id}`);
  const list = await page.request.get("/api/programs");
  expect((await list.json()).map((p: { id: string }) => p.id)).toEqual([id]);
  const stored = await (await page.request.get(`/api/programs/${id}`)).json();
  expect(stored).toMatchObject({
    fullName: "Harold James Albright",
    preferredName: "Harry",
    birthDate: "1940-06-02",
    passingDate: "2025-01-17",
    serviceDate: "2025-01-25T10:30",
    location: "Grace Chapel, 9 Church Lane",
    officiant: "Rev. Thomas Hale",
    pallbearers: "Daniel Albright\nSamuel Ortiz",
    acknowledgments: "Thank you to the nurses of Ward 4.",
    colorTheme: "ocean",
    fontStyle: "lora",
    pageLayout: "modern",
    overlayEffect: "vintage",
    tributes: [
      { author: "Lucy Albright", relationship: "Granddaughter", message: "Grandpa taught me to fish." },
    ],
  });
  expect(stored.serviceItems.map((i: { title: string; order: number }) => [i.order, i.title])).toEqual([
    [1, "Opening Prayer"],
    [2, "Processional"],
    [3, "Scripture Reading"],
    [4, "Eulogy"],
    [5, "Closing Prayer"],
    [6, "Recessional"],
    [7, "Reception"],
  ]);

  // Saved programs list
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("heading", { name: "Saved Programs" }).waitFor();
  await page.getByRole("heading", { name: "Harold James Albright" }).waitFor();
  expect(await page.getByText("June 2, 1940 – January 17, 2025").isVisible()).toBe(true);
  expect(await page.getByText("Saturday, January 25, 2025 at 10:30 AM").isVisible()).toBe(true);
  expect(await page.getByText("Grace Chapel, 9 Church Lane").isVisible()).toBe(true);
  await checkScreen(page, "06-programs");

  // Edit through /program/{id}
  const edit = page.getByRole("link", { name: "Edit Harold James Albright" });
  expect(await edit.getAttribute("href")).toBe(`/program/${id}`);
  await edit.click();
  await page.getByRole("heading", { name: "Live Preview" }).waitFor();
  expect(new URL(page.url()).pathname).toBe(`/program/${id}`);
  expect(await page.getByLabel("Full name").inputValue()).toBe("Harold James Albright");
  expect(await page.getByText("Theme: Ocean").isVisible()).toBe(true);
  await page.getByLabel("Full name").fill("Harold J. Albright");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.getByText("All changes saved").waitFor();
  expect(new URL(page.url()).pathname).toBe(`/program/${id}`);
  expect((await (await page.request.get(`/api/programs/${id}`)).json()).fullName).toBe("Harold J. Albright");

  // Delete, with a confirmation first
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("button", { name: "Delete Harold J. Albright" }).click();
  await page.getByRole("alertdialog", { name: "Delete this program?" }).waitFor();
  await checkScreen(page, "07-delete-confirm");
  await page.getByRole("button", { name: "Keep It" }).click();
  expect(await page.getByRole("heading", { name: "Harold J. Albright" }).isVisible()).toBe(true);
  await page.getByRole("button", { name: "Delete Harold J. Albright" }).click();
  await page.getByRole("button", { name: "Delete Program" }).click();
  await toastWith(page, "Program deleted successfully").waitFor();
  await page.getByRole("heading", { name: "No programs yet" }).waitFor();
  expect(await page.getByRole("link", { name: "Create Your First Program" }).getAttribute("href")).toBe(
    "/program-builder",
  );
  expect(await (await page.request.get("/api/programs")).json()).toEqual([]);
  await checkScreen(page, "08-programs-empty");
}, 90_000);
