// The API reference at /api/docs in the real browser, under the server's own Content-Security-Policy.
import { test } from "bun:test";
import { expectApiReferenceRenders } from "../support/api-reference";
import { screenshot, setupE2eApp } from "../support/browser";

const e2e = setupE2eApp();

test("the API reference shows the operations, with no CSP violation", async () => {
  const { page } = await e2e.newPage();
  await expectApiReferenceRenders(page, e2e.app.url);
  await screenshot(page, "api-docs", { fullPage: false });
}, 60_000);
