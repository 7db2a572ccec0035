// The builder's print and export controls in the real browser against the real server and the
// real print engine: Download PDF (every format, checked with pdfinfo), Print (the print window
// and its delayed print call), the Export tab's files and design-tool choice, the print check,
// and what a family sees when a PDF or print cannot be made.
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { Page } from "playwright-core";
import { closeSharedPrinter } from "../../src/print/render-program-pdf";
import { programInputSchema } from "../../src/shared/schemas";
import { auditAccessibility, SCREENSHOT_DIR, screenshot, setupE2eApp } from "../support/browser";
import { pngImage } from "../support/test-images";
import { waitFor } from "../support/wait-for";
import { checkScreen, holdRequest, toastWith } from "./helpers";

const e2e = setupE2eApp();
const downloads = mkdtempSync(join(tmpdir(), "keepsake-downloads-"));
afterAll(async () => {
  await closeSharedPrinter();
  rmSync(downloads, { recursive: true, force: true });
});

/** A new user's program, typed into the builder the way a family would. */
const fillProgram = async (page: Page, lifeReflections = "She kept a garden that fed the whole street.") => {
  await page.goto("/program-builder");
  await page.getByLabel("Full name").fill("Eleanor Grace Whitfield");
  await page.getByLabel("Date of birth").fill("1931-04-12");
  await page.getByLabel("Date of passing").fill("2025-02-27");
  await page.getByRole("tab", { name: "Service Details" }).click();
  await page.getByLabel("Service date and time").fill("2025-03-14T11:00");
  await page.getByLabel("Service location").fill("St. Mary's Chapel");
  await page.getByLabel("Officiant").fill("Rev. Margaret Ellison");
  await page.getByRole("tab", { name: "Content & Photos" }).click();
  await page.getByRole("textbox", { name: "Life reflections" }).fill(lifeReflections);
};

/** Clicks and saves the download it starts; returns its suggested name and where it was saved. */
const downloadBy = async (page: Page, click: () => Promise<void>) => {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const name = download.suggestedFilename();
  const path = join(downloads, name);
  await download.saveAs(path);
  return { name, path, text: () => readFileSync(path, "utf8") };
};

/** Page count and first page size in points, from poppler's pdfinfo. */
const pdfInfo = (path: string) => {
  const out = Bun.spawnSync(["pdfinfo", path]).stdout.toString();
  const size = out.match(/Page size:\s+([\d.]+) x ([\d.]+) pts/);
  return {
    pages: Number(out.match(/Pages:\s+(\d+)/)?.[1]),
    width: Math.round(Number(size?.[1])),
    height: Math.round(Number(size?.[2])),
  };
};

/** The dialog's formats by their titles ("Print shop" is also the start of the tabloid's title). */
const FORMAT = {
  print: /^Print shop For a print shop:/,
  letter: /^Home printer/,
  tabloid: /^Print shop booklet/,
  pages: /^Email and screens/,
};

const openDownloadDialog = async (page: Page) => {
  await page.getByRole("button", { name: "Download PDF" }).click();
  return page.getByRole("dialog", { name: "Download PDF" });
};

test("Download PDF saves a new draft first, then downloads every format", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await fillProgram(page);
  expect(new URL(page.url()).pathname).toBe("/program-builder");

  const dialog = await openDownloadDialog(page);
  // Each format with its one line of advice: print shop, home printer, email
  expect(await dialog.getByRole("radio").count()).toBe(4);
  for (const [format, advice] of [
    [FORMAT.print, "the 0.125 in bleed printers ask for"],
    [FORMAT.letter, "Print double-sided, flip on the short edge"],
    [FORMAT.tabloid, "two to an 11 x 17 in sheet"],
    [FORMAT.pages, "to email to family"],
  ] as const) {
    const radio = dialog.getByRole("radio", { name: format });
    expect(await radio.and(dialog.getByRole("radio", { name: advice })).count()).toBe(1);
  }
  expect(await dialog.getByRole("radio", { name: FORMAT.print }).isChecked()).toBe(true);
  await checkScreen(page, "print-01-download-dialog");

  // Print shop: saves the draft first (the address gets the new id), then the bleed PDF
  const print = await downloadBy(page, () =>
    dialog.getByRole("button", { name: "Download", exact: true }).click(),
  );
  expect(print.name).toBe("Eleanor-Whitfield-program.pdf");
  expect(pdfInfo(print.path)).toEqual({ pages: 8, width: 630, height: 810 });
  await page.waitForURL(/\/program-builder\/[\w-]+/);
  await toastWith(page, "PDF ready").waitFor();
  expect(await dialog.count()).toBe(0);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  expect((await (await page.request.get("/api/programs")).json()).map((p: { id: string }) => p.id)).toEqual([
    id,
  ]);

  // Crop marks widen the sheet by half an inch each side
  await openDownloadDialog(page);
  await dialog.getByLabel("Add crop marks").check();
  const marked = await downloadBy(page, () =>
    dialog.getByRole("button", { name: "Download", exact: true }).click(),
  );
  expect(pdfInfo(marked.path)).toEqual({ pages: 8, width: 702, height: 882 });

  // CMYK is made in the background: the dialog says so, then the file arrives
  await openDownloadDialog(page);
  await dialog.getByLabel("Add crop marks").uncheck();
  await dialog.getByLabel(/^Convert to CMYK/).check();
  const cmykDownload = page.waitForEvent("download", { timeout: 25_000 });
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await dialog.getByText("Preparing your CMYK PDF. This takes about ten seconds.").waitFor();
  expect(await dialog.getByRole("button", { name: "Preparing..." }).isDisabled()).toBe(true);
  await screenshot(page, "print-01-download-dialog-cmyk", { fullPage: false });
  const cmyk = await cmykDownload;
  expect(cmyk.suggestedFilename()).toBe("Eleanor-Whitfield-program-cmyk.pdf");
  const cmykPath = join(downloads, cmyk.suggestedFilename());
  await cmyk.saveAs(cmykPath);
  expect(pdfInfo(cmykPath)).toEqual({ pages: 8, width: 630, height: 810 });

  const formats = [
    {
      radio: FORMAT.letter,
      name: "Eleanor-Whitfield-program-booklet-letter.pdf",
      pages: 4,
      width: 792,
      height: 612,
    },
    {
      radio: FORMAT.tabloid,
      name: "Eleanor-Whitfield-program-booklet-tabloid.pdf",
      pages: 4,
      width: 1224,
      height: 792,
    },
    { radio: FORMAT.pages, name: "Eleanor-Whitfield-program-pages.pdf", pages: 8, width: 612, height: 792 },
  ];
  for (const format of formats) {
    await openDownloadDialog(page);
    await dialog.getByRole("radio", { name: format.radio }).check();
    expect(await dialog.getByLabel("Add crop marks").count()).toBe(0);
    const file = await downloadBy(page, () =>
      dialog.getByRole("button", { name: "Download", exact: true }).click(),
    );
    expect(file.name).toBe(format.name);
    expect(pdfInfo(file.path)).toEqual({ pages: format.pages, width: format.width, height: format.height });
  }
  // Saved once: no second program was made by the later downloads
  expect((await (await page.request.get("/api/programs")).json()).length).toBe(1);

  // The dialog on a phone, without the last toast over it (if its 5 s have not already run out)
  await toastWith(page, "PDF ready")
    .getByRole("button", { name: "Dismiss notification" })
    .click({ timeout: 1000 })
    .catch(() => undefined);
  await page.setViewportSize({ width: 375, height: 740 });
  await openDownloadDialog(page);
  await dialog.getByRole("radio", { name: FORMAT.print }).check();
  await screenshot(page, "print-02-download-dialog-phone", { fullPage: false });
  expect(await auditAccessibility(page)).toEqual([]);
  // Taller than the phone's screen: the dialog scrolls to its Download button
  await dialog.getByRole("button", { name: "Download", exact: true }).scrollIntoViewIfNeeded();
  await screenshot(page, "print-02-download-dialog-phone-end", { fullPage: false });
}, 60_000);

test("Print opens the booklet in a print window and prints about a second later", async () => {
  const { page, context } = await e2e.newPage({ signedIn: true });
  // Record, instead of printing, when the print window opened, when it asked to print and
  // whether its photos had loaded by then.
  await context.addInitScript(() => {
    type Recorder = { openedAt: number; printedAt?: number; photosLoaded?: boolean };
    const w = window as unknown as { __print: Recorder };
    w.__print = { openedAt: Date.now() };
    window.print = () => {
      w.__print.printedAt = Date.now();
      w.__print.photosLoaded = Array.from(document.images).every((img) => img.naturalWidth > 0);
    };
  });
  await fillProgram(page);
  await page
    .getByLabel("Choose photos")
    .setInputFiles([
      { name: "garden.png", mimeType: "image/png", buffer: await pngImage(1800, 1200, "#4a7a52") },
    ]);
  await toastWith(page, "Successfully uploaded 1 photo(s)").waitFor();

  // Slow the print window's network (its photo is the print master) so the photo cannot arrive
  // within the first second: printing must wait for it. The program's GET is held until then.
  const loadingProgram = await holdRequest(page, "**/api/programs/*");
  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Print", exact: true }).click(),
  ]);
  const cdp = await context.newCDPSession(popup);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 1500,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  loadingProgram.release();
  type Recorded = { openedAt: number; printedAt?: number; photosLoaded?: boolean };
  const recorded = () => popup.evaluate(() => (window as unknown as { __print: Recorded }).__print);
  await popup.waitForFunction(() => (window as unknown as { __print: Recorded }).__print.printedAt);
  const { openedAt, printedAt, photosLoaded } = await recorded();
  expect((printedAt ?? 0) - openedAt).toBeGreaterThanOrEqual(900);
  expect(photosLoaded).toBe(true);
  expect(await popup.title()).toBe("Eleanor Grace Whitfield: memorial program");
  const pages = popup.locator("section.booklet-page");
  expect(await pages.count()).toBe(8);
  expect(await pages.first().getByText("Eleanor Grace Whitfield").count()).toBeGreaterThan(0);
  // The print window shows the saved program with its photo (the print master)
  await page.waitForURL(/\/program-builder\/[\w-]+/);
  expect(await popup.locator('img[src^="/api/photos/"]').count()).toBeGreaterThan(0);
  await screenshot(popup, "print-03-print-window", { fullPage: false });
  // What the print dialog would print: one letter page per booklet page
  const printed = join(SCREENSHOT_DIR, "print-03-print-window.pdf");
  await popup.pdf({ path: printed, preferCSSPageSize: true, printBackground: true });
  expect(pdfInfo(printed)).toEqual({ pages: 8, width: 612, height: 792 });
}, 30_000);

test("the Export tab downloads the program's files and remembers the design tool", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await fillProgram(page);
  await page.getByRole("tab", { name: "Design" }).click();
  await page.getByRole("radio", { name: "Ocean" }).check();
  await page.getByRole("radio", { name: "Lora" }).check();
  await page.getByRole("radio", { name: "Vintage" }).check();
  await page.getByRole("tab", { name: "Export" }).click();
  const exportTab = page.getByRole("tabpanel", { name: "Export" });
  await exportTab.getByRole("heading", { name: "Program data" }).waitFor();
  const exportButton = (name: string) => () => exportTab.getByRole("button", { name, exact: true }).click();

  const json = await downloadBy(page, exportButton("Program JSON"));
  expect(json.name).toBe("Eleanor-Whitfield-program.json");
  expect(programInputSchema.parse(JSON.parse(json.text()))).toMatchObject({
    fullName: "Eleanor Grace Whitfield",
    serviceDate: "2025-03-14T11:00",
    colorTheme: "ocean",
    fontStyle: "lora",
    overlayEffect: "vintage",
  });

  const csv = await downloadBy(page, exportButton("Program CSV"));
  expect(csv.name).toBe("Eleanor-Whitfield-program.csv");
  expect(parse(csv.text(), { columns: true, bom: true })).toEqual([
    {
      Name: "Eleanor Grace Whitfield",
      "Birth Date": "April 12, 1931",
      "Passing Date": "February 27, 2025",
      "Service Date": "Friday, March 14, 2025 at 11:00 AM",
      Location: "St. Mary's Chapel",
      Officiant: "Rev. Margaret Ellison",
      Theme: "ocean",
      Font: "lora",
      Overlay: "vintage",
    },
  ]);

  const template = await downloadBy(page, exportButton("Print template"));
  expect(template.name).toBe("Eleanor-Whitfield-print-template.json");
  expect(JSON.parse(template.text())).toMatchObject({
    program: { fullName: "Eleanor Grace Whitfield", lifeSpan: expect.stringContaining("1931") },
    page: { trimWidthIn: 8.5, trimHeightIn: 11, bleedIn: 0.125, pageCount: 8 },
    design: { theme: { id: "ocean" }, font: { id: "lora" }, overlay: { id: "vintage" } },
  });

  const guides = [
    [
      "Printing guide",
      "Eleanor-Whitfield-printing-guide.txt",
      ["Printing guide: Eleanor Grace Whitfield", "8-page booklet"],
    ],
    [
      "Colour guide",
      "Eleanor-Whitfield-color-guide.txt",
      ["Colour guide: Eleanor Grace Whitfield", "Theme: ocean"],
    ],
    [
      "Design specs",
      "Eleanor-Whitfield-design-specs.txt",
      ["Design specs: Eleanor Grace Whitfield", "Bleed: 0.125 in", "Resolution: 300 DPI", "Font: Lora"],
    ],
  ] as const;
  for (const [button, fileName, lines] of guides) {
    const file = await downloadBy(page, exportButton(button));
    expect(file.name).toBe(fileName);
    for (const line of lines) expect(file.text()).toContain(line);
  }

  // Design tools: nothing chosen yet, then InDesign with its data-merge CSV
  await exportTab.getByText("Choose a tool to download its data-merge CSV.").waitFor();
  await exportTab.getByRole("radio", { name: /Adobe InDesign/ }).check();
  const merge = await downloadBy(page, exportButton("Data-merge CSV for Adobe InDesign"));
  expect(merge.name).toBe("Eleanor-Whitfield-indesign-data-merge.csv");
  expect(merge.text().startsWith("\uFEFF")).toBe(true);
  const [row] = parse(merge.text(), { columns: true, bom: true }) as Record<string, string>[];
  expect(row).toMatchObject({
    FullName: "Eleanor Grace Whitfield",
    BirthDate: "April 12, 1931",
    ServiceDay: "Friday, March 14, 2025",
    Location: "St. Mary's Chapel",
    Officiant: "Rev. Margaret Ellison",
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, "print-04-export-tab");

  // The choice is saved with the program and shown again after a reload
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.getByText("All changes saved").waitFor();
  const id = new URL(page.url()).pathname.split("/").pop()!;
  // The spec records the tool's name, not an id
  const storedTool = async () =>
    (await (await page.request.get(`/api/programs/${id}`)).json()).designToolIntegration;
  expect(await storedTool()).toBe("Adobe InDesign");
  await page.reload();
  await exportTab.getByRole("radio", { name: /Adobe InDesign/ }).waitFor();
  expect(await exportTab.getByRole("radio", { name: /Adobe InDesign/ }).isChecked()).toBe(true);
  expect(await exportTab.getByRole("button", { name: "Data-merge CSV for Adobe InDesign" }).isVisible()).toBe(
    true,
  );
  // A saved program records a new choice at once, without Save Draft
  await exportTab.getByRole("radio", { name: /Canva/ }).check();
  await waitFor(async () => (await storedTool()) === "Canva", "the choice of Canva to be saved");
  await page.getByText("All changes saved").waitFor();

  // The print check says what was adjusted for a very long life reflection: beside the preview
  // on a wide screen, inside the Export tab on a phone
  const printCheck = page.getByRole("region", { name: "Print check" });
  expect(await printCheck.count()).toBe(1);
  await printCheck.getByText("8 pages. Everything fits and is ready to print.").waitFor();
  await page.getByRole("tab", { name: "Content", exact: true }).click();
  await page.getByRole("tab", { name: "Content & Photos" }).click();
  const paragraph =
    "She kept a garden that fed the whole street, and every autumn she pressed apples with her grandchildren in the old barn behind the house. ";
  await page
    .getByRole("textbox", { name: "Life reflections" })
    .fill(Array.from({ length: 30 }, () => paragraph.repeat(3)).join("\n\n"));
  await page.getByRole("tab", { name: "Export" }).click();
  await printCheck.getByText("Life reflections continues on 5 added pages.").waitFor();
  expect(await printCheck.getByText("2 notes pages were added so the booklet has 12 pages").isVisible()).toBe(
    true,
  );
  expect(await printCheck.getByText(/^12 pages/).isVisible()).toBe(true);
  await page.setViewportSize({ width: 375, height: 740 });
  const phoneCheck = exportTab.getByRole("region", { name: "Print check" });
  await phoneCheck.getByText("Life reflections continues on 5 added pages.").waitFor();
  await phoneCheck.scrollIntoViewIfNeeded();
  await screenshot(page, "print-05-print-check-phone", { fullPage: false });
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkScreen(page, "print-06-export-tab-phone");
}, 30_000);

test("the print check's 4-page booklet switches the preview and the PDF to 4 pages, and back to 8", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await fillProgram(page);
  const printCheck = page.getByRole("region", { name: "Print check" });
  const previewPages = page.getByRole("button", { name: /^Show page \d+:/ });
  // A short program pads its 8 pages with notes pages: the print check offers 4 pages instead
  await printCheck.getByText(/notes pages? (was|were) added/).waitFor();
  expect(await previewPages.count()).toBe(8);
  await printCheck.getByRole("button", { name: "Use a 4-page booklet" }).click();
  await printCheck.getByText("Printing as a 4-page booklet.").waitFor();
  expect(await printCheck.getByText(/^4 pages/).isVisible()).toBe(true);
  expect(await previewPages.count()).toBe(4);
  expect(await page.getByRole("button", { name: "Show page 3: Order of service" }).count()).toBe(1);
  await checkScreen(page, "print-07-four-page-booklet");

  // The Design tab shows the choice as a labelled radio
  await page.getByRole("tab", { name: "Design" }).click();
  expect(await page.getByRole("radio", { name: /^4 pages/ }).isChecked()).toBe(true);
  await page.getByRole("group", { name: "Booklet Length" }).scrollIntoViewIfNeeded();
  await screenshot(page, "print-08-booklet-length", { fullPage: false });

  // The PDF follows, and the saved program keeps the choice
  const dialog = await openDownloadDialog(page);
  await dialog.getByRole("radio", { name: FORMAT.pages }).check();
  const file = await downloadBy(page, () =>
    dialog.getByRole("button", { name: "Download", exact: true }).click(),
  );
  expect(pdfInfo(file.path)).toEqual({ pages: 4, width: 612, height: 792 });
  await page.waitForURL(/\/program-builder\/[\w-]+/);
  const id = new URL(page.url()).pathname.split("/").pop()!;
  expect((await (await page.request.get(`/api/programs/${id}`)).json()).bookletPages).toBe("4");

  // And back to 8 pages, from the print check
  await printCheck.getByRole("button", { name: "Use 8 pages" }).click();
  await printCheck.getByRole("button", { name: "Use a 4-page booklet" }).waitFor();
  expect(await previewPages.count()).toBe(8);
  expect(await page.getByRole("radio", { name: /^8 pages/ }).isChecked()).toBe(true);
}, 60_000);

test("a PDF or print that cannot be made says why and downloads nothing", async () => {
  const { page, context } = await e2e.newPage({ signedIn: true });
  await fillProgram(page);
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.getByText("All changes saved").waitFor();
  let downloaded = 0;
  page.on("download", () => downloaded++);

  // The print engine answers an error page (e.g. a proxy in front of it): a plain message, not HTML
  await page.route("**/api/programs/*/pdf*", (route) =>
    route.fulfill({ status: 502, contentType: "text/html", body: "<html><body>Bad Gateway</body></html>" }),
  );
  const dialog = await openDownloadDialog(page);
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await toastWith(page, "PDF download failed").waitFor();
  expect(await toastWith(page, "The PDF could not be made. Please try again.").count()).toBe(1);
  expect(await toastWith(page, "<html>").count()).toBe(0);
  await page.unroute("**/api/programs/*/pdf*");

  // The program is deleted in another tab
  const other = await context.newPage();
  await other.goto("/programs");
  await other.getByRole("button", { name: "Delete Eleanor Grace Whitfield" }).click();
  await other.getByRole("button", { name: "Delete Program" }).click();
  await other.getByRole("heading", { name: "No programs yet" }).waitFor();
  await other.close();

  await page.bringToFront();
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await toastWith(page, "Program not found").waitFor();
  expect(await toastWith(page, "PDF download failed").count()).toBe(1);
  expect(await dialog.isVisible()).toBe(true);
  await screenshot(page, "print-07-pdf-failed", { fullPage: false });
  await dialog.getByRole("button", { name: "Cancel" }).click();

  const [popup] = await Promise.all([
    context.waitForEvent("page"),
    page.getByRole("button", { name: "Print", exact: true }).click(),
  ]);
  // The window may already be gone by the time the test sees it.
  if (!popup.isClosed()) await popup.waitForEvent("close");
  await toastWith(page, "Printing failed").waitFor();
  expect(await toastWith(page, "Program not found").count()).toBe(1);
  expect(downloaded).toBe(0);
}, 30_000);
