// Automatic error capture in the real browser: each source is reported once per type per 5 s,
// the dev server's own messages are not, and the error screen's Get Help and Try Again work.
import { expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import type { Page, Request } from "playwright-core";
import { errorReports } from "../../db/schema";
import { setupE2eApp } from "../support/browser";
import { rowCount } from "../support/db-snapshot";
import { waitFor } from "../support/wait-for";

const e2e = setupE2eApp();

type Report = { error: string; context: Record<string, unknown>; autoReport?: boolean; stack?: string };

/** Runs `trigger` in the page and returns the error report it caused. */
const reportOf = async (page: Page, trigger: () => unknown): Promise<Report> => {
  const sent = page.waitForRequest((r: Request) => r.url().endsWith("/api/chatbot/error-report"));
  await page.evaluate(trigger);
  return (await sent).postDataJSON() as Report;
};

const openHome = async (page: Page) => {
  await page.goto("/");
  await page.getByRole("heading", { name: "Honor Their Memory With Dignity" }).waitFor();
};

test("console errors, rejections, runtime errors and failed fetches are each reported, then errorDetected", async () => {
  const { page } = await e2e.newPage();
  await openHome(page);
  await page.evaluate(() => {
    (window as unknown as { detected: unknown[] }).detected = [];
    window.addEventListener("errorDetected", (e) =>
      (window as unknown as { detected: unknown[] }).detected.push((e as CustomEvent).detail),
    );
  });

  // The development server's own messages are not the app's errors: the next console error is the one sent.
  const consoleReport = await reportOf(page, () => {
    console.error("[vite] hot update failed");
    console.error("Could not draw the preview");
  });
  expect(consoleReport).toMatchObject({
    error: "Could not draw the preview",
    autoReport: true,
    context: { type: "console-error", currentPage: "/" },
  });

  const rejection = await reportOf(page, () => {
    void Promise.reject(new Error("photo list went missing"));
  });
  expect(rejection).toMatchObject({
    error: "photo list went missing",
    context: { type: "unhandled-rejection" },
  });
  expect(rejection.stack).toContain("photo list went missing");

  const runtime = await reportOf(page, () => {
    setTimeout(() => {
      throw new Error("preview crashed");
    });
  });
  expect(runtime.error).toContain("preview crashed");
  expect(runtime.context).toMatchObject({ type: "runtime-error" });
  expect(String(runtime.context.location)).toMatch(/:\d+:\d+$/);

  const failed = await reportOf(page, () => fetch("/api/programs/no-such-program"));
  expect(failed.context).toMatchObject({
    type: "fetch-error",
    statusCode: 401,
    url: "/api/programs/no-such-program",
  });

  // A connection that fails (the page may only reach its own server, so the failure is made there).
  await page.route("**/unreachable", (route) => route.abort("connectionfailed"));
  const thrown = await reportOf(page, () => fetch("/unreachable").catch(() => undefined));
  expect(thrown.context).toMatchObject({ type: "fetch-exception", url: "/unreachable" });

  // Each report was followed by an errorDetected event carrying the server's analysis.
  await page.waitForFunction(() => (window as unknown as { detected: unknown[] }).detected.length === 5);
  const detected = await page.evaluate(
    () =>
      (window as unknown as { detected: { type: string; analysis: { errorType: string } | null }[] })
        .detected,
  );
  expect(detected.map((d) => d.type)).toEqual([
    "console-error",
    "unhandled-rejection",
    "runtime-error",
    "fetch-error",
    "fetch-exception",
  ]);
  expect(detected[3]?.analysis?.errorType).toBe("session_expired");
  expect(detected[4]?.analysis?.errorType).toBe("network_error");
  await page.getByRole("button", { name: "Open support assistant: an error was detected" }).waitFor();
}, 60_000);

test("at most one report per error type every 5 seconds, timed in local storage", async () => {
  const { page } = await e2e.newPage();
  await openHome(page);
  const reports: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith("/api/chatbot/error-report")) reports.push((r.postDataJSON() as Report).error);
  });
  await reportOf(page, () => console.error("first"));
  await page.evaluate(() => {
    console.error("second, too soon");
    console.error("third, too soon");
  });
  const stored = await page.evaluate(() =>
    JSON.parse(localStorage.getItem("keepsake-error-reports") ?? "{}"),
  );
  expect(typeof stored["console-error"]).toBe("number");
  // Another type is not held back by the first.
  await reportOf(page, () => void Promise.reject(new Error("other type")));
  // Once 5 s have passed (moved back in storage, not waited for), the type is reported again.
  await page.evaluate(() => {
    const times = JSON.parse(localStorage.getItem("keepsake-error-reports") ?? "{}");
    times["console-error"] -= 5000;
    localStorage.setItem("keepsake-error-reports", JSON.stringify(times));
  });
  await reportOf(page, () => console.error("fourth, in a new window"));
  expect(reports).toEqual(["first", "other type", "fourth, in a new window"]);
}, 60_000);

test("the error screen: Try Again shows Analyzing while reporting; Get Help opens the assistant with the error", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.route(
    "**/api/programs",
    (route) => route.fulfill({ status: 500, body: "database unavailable" }),
    {
      times: 1,
    },
  );
  await page.goto("/programs");
  await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
  // "Our support assistant has been notified automatically": the report went out and the button says so.
  await page.getByRole("button", { name: "Open support assistant: an error was detected" }).waitFor();
  // The screen's own report is sent after the failed call's; it is stored a moment later.
  const screenReport = and(
    eq(errorReports.type, "react-error-boundary"),
    eq(errorReports.message, "500: database unavailable"),
  );
  await waitFor(
    async () => (await rowCount(e2e.app.db, errorReports, screenReport)) === 1,
    "the error screen's report",
  );

  await page.getByRole("button", { name: "Get Help" }).click();
  const assistant = page.getByRole("region", { name: "Support Assistant" });
  const reply = assistant.locator("li", { hasText: "Something went wrong on our side" });
  await reply.waitFor();
  await assistant.getByText("I ran into an error: 500: database unavailable").waitFor();
  await reply.getByText("Error Detected").waitFor();
  await reply.getByText("Solution Provided").waitFor();

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/chatbot/error-report", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Try Again" }).click();
  await page.getByRole("button", { name: "Analyzing..." }).waitFor();
  release();
  await page.getByRole("heading", { name: "No programs yet" }).waitFor();
}, 60_000);
