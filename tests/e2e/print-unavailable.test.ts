// A server started without Chromium (a newcomer's first start): the builder still works and a PDF
// download says, in the server's own words, what to install.
import { expect, test } from "bun:test";
import { CHROMIUM_MISSING_MESSAGE } from "../../src/print/find-chromium";
import { screenshot, setupE2eApp } from "../support/browser";
import { toastWith } from "./helpers";

const e2e = setupE2eApp({ env: { CHROMIUM_PATH: "/nonexistent/chromium" } });

test("Download PDF without Chromium shows what to install and downloads nothing", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  let downloaded = 0;
  page.on("download", () => downloaded++);
  await page.goto("/program-builder");
  await page.getByLabel("Full name").fill("Eleanor Grace Whitfield");
  await page.getByRole("button", { name: "Download PDF" }).click();
  const dialog = page.getByRole("dialog", { name: "Download PDF" });
  await dialog.getByRole("button", { name: "Download", exact: true }).click();
  await toastWith(page, "PDF download failed").waitFor();
  expect(await toastWith(page, CHROMIUM_MISSING_MESSAGE).count()).toBe(1);
  await screenshot(page, "print-unavailable", { fullPage: false });
  expect(downloaded).toBe(0);
}, 30_000);
