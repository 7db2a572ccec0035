// The batch page in the real browser against the real server: add, fill, duplicate, remove,
// apply a template, generate (pending state, toasts, result list, Edit link), and CSV import.
import { afterAll, expect, test } from "bun:test";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { closeSharedPrinter } from "../../src/print/render-program-pdf";
import { BATCH_TEMPLATES } from "../../src/shared/constants";
import { setupE2eApp } from "../support/browser";
import { checkScreen, holdRequest, toastWith } from "./helpers";

const e2e = setupE2eApp();
afterAll(() => closeSharedPrinter());
const fixture = (name: string) => join(import.meta.dir, "../../fixtures/csv", name);
const peaceful = BATCH_TEMPLATES.find((t) => t.id === "peaceful")!;

const card = (page: Page, n: number) => page.getByRole("group", { name: new RegExp(`^Service #${n}\\b`) });
const cardTitles = (page: Page) =>
  page
    .getByRole("group", { name: /^Service #\d+/ })
    .evaluateAll((groups) => groups.map((g) => g.querySelector("h3")?.textContent ?? ""));

test("services are added, duplicated, removed, templated and generated into programs", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/batch-generator");
  await page.getByRole("heading", { name: "Batch Program Generator" }).waitFor();
  const links = page.getByRole("navigation", { name: "Other pages" });
  for (const [name, href] of [
    ["Home", "/"],
    ["My Programs", "/programs"],
    ["Single Program", "/program-builder"],
  ] as const) {
    expect(await links.getByRole("link", { name, exact: true }).getAttribute("href")).toBe(href);
  }

  // Empty states, and generating nothing
  await page.getByText("No Services Added").waitFor();
  await page.getByRole("tab", { name: "Apply Template" }).click();
  expect(await page.getByRole("button", { name: "Apply the chosen template to All Services" }).count()).toBe(
    0,
  );
  await page.getByRole("tab", { name: "Generate Programs" }).click();
  await page.getByText("No services configured. Please add services in the Setup tab.").waitFor();
  await page.getByRole("button", { name: "Generate All Programs" }).click();
  await toastWith(page, "No Services").waitFor();
  expect(await toastWith(page, "Please add at least one service to generate programs").count()).toBe(1);

  // Add and fill two services
  await page.getByRole("tab", { name: "Setup Services" }).click();
  await page.getByRole("button", { name: "Add First Service" }).click();
  const first = card(page, 1);
  expect(await first.getByRole("heading", { name: "New Service" }).isVisible()).toBe(true);
  await first.getByLabel("Full Name").fill("Eleanor Whitfield");
  await first.getByLabel("Birth Date").fill("1931-04-12");
  await first.getByLabel("Service Date & Time").fill("2025-03-14T11:00");
  await first.getByLabel("Location").fill("St. Mary's Chapel");
  await first.getByLabel("Scripture").fill("Psalm 121");
  await first.getByLabel("Color Theme").selectOption("ocean");
  await page.getByRole("button", { name: "Add Service" }).click();
  await card(page, 2).getByLabel("Full Name").fill("Harold Jenkins");

  // Duplicate the first: it joins the end with " (Copy)"; then remove Harold
  await page.getByRole("button", { name: "Duplicate Service #1" }).click();
  expect(await cardTitles(page)).toEqual(["Eleanor Whitfield", "Harold Jenkins", "Eleanor Whitfield (Copy)"]);
  expect(await card(page, 3).getByLabel("Location").inputValue()).toBe("St. Mary's Chapel");
  await page.getByRole("button", { name: "Remove Service #2" }).click();
  expect(await cardTitles(page)).toEqual(["Eleanor Whitfield", "Eleanor Whitfield (Copy)"]);
  await card(page, 2).getByLabel("Full Name").fill("Margaret O'Brien");
  await checkScreen(page, "batch-01-setup");

  // Apply a template to every service: the look is overwritten, blank scripture filled
  await page.getByRole("tab", { name: "Apply Template" }).click();
  const peacefulCard = page.getByRole("button", { name: /Peaceful Remembrance/ });
  await peacefulCard.click();
  expect(await peacefulCard.getAttribute("aria-pressed")).toBe("true");
  expect(await page.getByRole("button", { name: /Traditional Service/ }).getAttribute("aria-pressed")).toBe(
    "false",
  );
  await page.getByRole("button", { name: "Apply the chosen template to All Services" }).click();
  await page.getByText("Peaceful Remembrance applied to 2 services.").waitFor();
  await checkScreen(page, "batch-02-template");
  await page.getByRole("tab", { name: "Setup Services" }).click();
  for (const n of [1, 2]) {
    expect(await card(page, n).getByLabel("Color Theme").inputValue()).toBe("peaceful");
    expect(await card(page, n).getByLabel("Font Style").inputValue()).toBe("lora");
    expect(await card(page, n).getByLabel("Page Layout").inputValue()).toBe("minimalist");
    expect(await card(page, n).getByLabel("Overlay Effect").inputValue()).toBe("ghost");
  }
  expect(await card(page, 1).getByLabel("Scripture").inputValue()).toBe("Psalm 121");
  // The copy kept Eleanor's scripture; a blank one would have taken the template's.
  expect(await card(page, 2).getByLabel("Scripture").inputValue()).toBe("Psalm 121");

  // Summary and generation
  await page.getByRole("tab", { name: "Generate Programs" }).click();
  const preview = page.getByRole("list", { name: "Services to generate" });
  expect(await preview.getByRole("listitem").count()).toBe(2);
  expect(await preview.getByText("St. Mary's Chapel").count()).toBe(2);
  expect(await page.getByText("PDF", { exact: true }).isVisible()).toBe(true);
  const sending = await holdRequest(page, "**/api/programs/batch");
  await page.getByRole("button", { name: "Generate All Programs" }).click();
  const pending = page.getByRole("button", { name: "Generating Programs..." });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  sending.release();
  await toastWith(page, "Programs Generated Successfully").waitFor();
  expect(await toastWith(page, "Created 2 memorial programs").count()).toBe(1);
  await page.getByRole("heading", { name: "Generated Programs (2)" }).waitFor();
  const results = page.getByRole("region", { name: "Generated Programs (2)" });
  expect(await results.getByText("Generated successfully").count()).toBe(2);
  await checkScreen(page, "batch-03-generated");

  const edit = page.getByRole("link", { name: "Edit Margaret O'Brien" });
  const href = await edit.getAttribute("href");
  expect(href).toMatch(/^\/program-builder\/[\w-]+$/);
  const zipHref = await page.getByRole("link", { name: "Download all PDFs (ZIP)" }).getAttribute("href");
  expect(zipHref).toContain("/api/programs/batch/pdf?ids=");
  const zip = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { type: response.headers.get("content-type"), bytes: (await response.arrayBuffer()).byteLength };
  }, zipHref!);
  expect(zip.type).toBe("application/zip");
  expect(zip.bytes).toBeGreaterThan(10_000);

  // The programs are really saved, with the template's look; Edit opens the builder on one
  const saved = await page.evaluate(
    async (path) => (await fetch(path)).json(),
    `/api${href!.replace("/program-builder", "/programs")}`,
  );
  expect(saved).toMatchObject({
    fullName: "Margaret O'Brien",
    colorTheme: "peaceful",
    overlayEffect: "ghost",
  });
  await edit.click();
  await page.waitForURL(`**${href}`);
  expect(await page.getByLabel("Full name").inputValue()).toBe("Margaret O'Brien");
}, 60_000);

test("a service the server refuses shows Generation Failed with the server's reason", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/batch-generator");
  await page.getByRole("button", { name: "Add First Service" }).click();
  await card(page, 1).getByLabel("Full Name").fill("A".repeat(201));
  await page.getByRole("tab", { name: "Generate Programs" }).click();
  await page.getByRole("button", { name: "Generate All Programs" }).click();
  await toastWith(page, "Generation Failed").waitFor();
  expect(await toastWith(page, "item 0: fullName: Full name must be at most 200 characters").count()).toBe(1);
  expect(await page.getByRole("heading", { name: /Generated Programs/ }).count()).toBe(0);
  expect(await page.evaluate(async () => (await fetch("/api/programs")).json())).toEqual([]);
}, 30_000);

test("a CSV file imports every service, and a file with a bad row imports none", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/batch-generator");
  const picker = page.getByLabel("Import services from CSV");

  await picker.setInputFiles(fixture("mistake-on-line-5.csv"));
  const alert = page.getByRole("alert").filter({ hasText: "was not imported" });
  await alert.waitFor();
  expect(
    await alert.getByText("line 5: birthDate: Birth date must be a date like 1931-04-12").isVisible(),
  ).toBe(true);
  expect(await alert.getByText(/^line 5: colorTheme:/).isVisible()).toBe(true);
  expect(await page.getByText("No Services Added").isVisible()).toBe(true);
  await checkScreen(page, "batch-04-import-refused");

  await picker.setInputFiles(fixture("week-services.csv"));
  await toastWith(page, "Services Imported").waitFor();
  expect(await toastWith(page, "Added 5 services from week-services.csv").count()).toBe(1);
  expect(await page.getByRole("alert").filter({ hasText: "was not imported" }).count()).toBe(0);
  expect(await cardTitles(page)).toEqual([
    "Eleanor Mae Whitfield",
    'Harold "Hal" Jenkins',
    "José Luis Núñez",
    "Margaret O'Brien",
    "Samuel Okafor",
  ]);
  expect(await card(page, 1).getByLabel("Life Reflections").inputValue()).toContain("\nShe grew roses");
  expect(await card(page, 2).getByLabel("Service Date & Time").inputValue()).toBe("2025-03-15T10:30");
  expect(await card(page, 3).getByLabel("Color Theme").inputValue()).toBe("warm");
  await page.getByRole("tab", { name: "Apply Template" }).click();
  await page.getByRole("button", { name: /Peaceful Remembrance/ }).click();
  await page.getByRole("button", { name: "Apply the chosen template to All Services" }).click();
  await page.getByRole("tab", { name: "Setup Services" }).click();
  expect(await card(page, 4).getByLabel("Scripture").inputValue()).toBe(peaceful.defaultScripture);
  await page.getByRole("tab", { name: "Generate Programs" }).click();
  await page.getByRole("button", { name: "Generate All Programs" }).click();
  await toastWith(page, "Created 5 memorial programs").waitFor();
  expect(await page.getByRole("heading", { name: "Generated Programs (5)" }).isVisible()).toBe(true);
}, 60_000);
