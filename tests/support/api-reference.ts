import { expect } from "bun:test";
import type { Page } from "playwright-core";

/**
 * Opens the API reference at `base` and checks it in the browser: the viewer shows the document
 * (an operation's summary is visible) and the page broke no rule of its Content-Security-Policy.
 */
export const expectApiReferenceRenders = async (page: Page, base: string) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const answer = await page.goto(`${base}/api/docs`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await page.getByText("Whether the server and its database answer").first().waitFor({ state: "visible" });
  expect({ violations, errors }).toEqual({ violations: [], errors: [] });
};
