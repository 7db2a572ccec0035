// Small steps the end-to-end tests share: finding toasts, holding a request until the test has
// seen the pending state, and asserting a clean accessibility audit.
import { expect } from "bun:test";
import type { Page, Route } from "playwright-core";
import { auditAccessibility, screenshot } from "../support/browser";

/** The visible toast with this title (Radix also keeps a hidden copy for screen readers). */
export const toastWith = (page: Page, title: string) =>
  page.locator("li[data-radix-collection-item]", { hasText: title });

/**
 * Holds the next request to `pattern` until `release()` is called, then lets it through to the
 * real server: the only way to look at a pending state without timing.
 */
export const holdRequest = async (page: Page, pattern: string) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = async (route: Route) => {
    await released;
    await route.continue();
  };
  await page.route(pattern, handler, { times: 1 });
  return { release };
};

/** Screenshot for a person to look at, and an axe audit with no serious or critical findings. */
export const checkScreen = async (page: Page, name: string) => {
  await screenshot(page, name);
  expect(await auditAccessibility(page)).toEqual([]);
};
