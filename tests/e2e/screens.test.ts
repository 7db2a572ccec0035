// Route guards both ways, the auth rules, View Examples, the builder's ?tab/?focus, leaving with
// unsaved changes, not-found and failure screens, each in the real browser against the real server.
import { expect, test } from "bun:test";
import { sampleProgram } from "../../src/shared/sample-program";
import { screenshot, setupE2eApp } from "../support/browser";
import { checkScreen, holdRequest, toastWith } from "./helpers";

const e2e = setupE2eApp();
const LANDING = "Honor Their Memory With Dignity";

test("signed-out visitors get login, register and the landing page for every other path", async () => {
  const { page } = await e2e.newPage();
  for (const path of ["/programs", "/program-builder", "/program/abc", "/batch-generator", "/no/such/page"]) {
    await page.goto(path);
    await page.getByRole("heading", { name: LANDING }).waitFor();
    expect(new URL(page.url()).pathname).toBe(path);
  }
  await page.goto("/login");
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await checkScreen(page, "10-login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByRole("heading", { name: "Forgot your password?" }).waitFor();
  await page.getByLabel("Email").waitFor();
  await checkScreen(page, "11-forgot-password");
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/");
  await page.getByRole("heading", { name: LANDING }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect(await page.getByRole("contentinfo").textContent()).toContain(
    `© ${new Date().getFullYear()} Keepsake`,
  );
  await screenshot(page, "12-landing-phone");
}, 60_000);

test("signed-in users go home from login and register, get a 404 for unknown pages, and the integration page", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  for (const path of ["/login", "/register"]) {
    await page.goto(path);
    await page.getByRole("heading", { name: "Create a Beautiful Memorial Program" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
  }
  await page.goto("/no/such/page");
  await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
  expect(await page.getByText("Did you forget to add the page to the router?").isVisible()).toBe(true);
  await checkScreen(page, "13-not-found");
  await page.goto("/funeral-integration");
  await page.getByRole("heading", { name: "Funeral Home Integration", exact: true }).waitFor();
  await page.getByRole("heading", { name: "API keys" }).waitFor();
  expect(await page.getByText("Coming soon.").count()).toBe(0);
}, 60_000);

test("login validates, reports the server's refusal, shows its pending state and signs in and out", async () => {
  const account = await e2e.app.client().signUp({ firstName: "Ruth" });
  const { page } = await e2e.newPage();
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByText("Please enter a valid email address").waitFor();
  await page.getByText("Password must be at least 8 characters").waitFor();

  await page.getByLabel("Email").fill(account.email);
  const password = page.getByLabel("Password", { exact: true });
  await password.fill("not the password");
  await page.getByRole("button", { name: "Show password" }).click();
  expect(await password.getAttribute("type")).toBe("text");
  await page.getByRole("button", { name: "Hide password" }).click();
  expect(await password.getAttribute("type")).toBe("password");
  await page.getByRole("button", { name: "Sign In" }).click();
  const failure = toastWith(page, "Sign in failed");
  await failure.waitFor();
  expect(await failure.textContent()).toContain("Incorrect email or password.");
  expect(await page.getByText("Please enter a valid email address").count()).toBe(0);

  // A second failure replaces the first toast: one at a time.
  await failure.evaluate((el) => el.setAttribute("data-first", ""));
  await page.getByRole("button", { name: "Sign In" }).click();
  await page
    .locator("li[data-radix-collection-item]:not([data-first])", { hasText: "Sign in failed" })
    .waitFor();
  await page.locator("li[data-first]").waitFor({ state: "detached" });
  expect(await page.locator("li[data-radix-collection-item]").count()).toBe(1);

  await password.fill(account.password);
  const signingIn = await holdRequest(page, "**/api/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.getByRole("button", { name: "Signing In..." }).waitFor();
  signingIn.release();
  await toastWith(page, "Welcome back!").waitFor();
  expect(await toastWith(page, "You have successfully signed in.").count()).toBe(1);
  await page.getByText("Welcome, Ruth.").waitFor();

  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await page.getByRole("heading", { name: LANDING }).waitFor();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
}, 60_000);

test("View Examples opens the builder with the sample program and clears it from storage", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/");
  await page.getByRole("button", { name: "View Examples" }).click();
  await page.getByRole("heading", { name: "Live Preview" }).waitFor();
  const url = new URL(page.url());
  expect(url.pathname).toBe("/program-builder");
  expect(url.searchParams.get("example")).toBe("true");
  const sample = sampleProgram();
  expect(await page.getByLabel("Full name").inputValue()).toBe(sample.fullName);
  expect(await page.getByLabel("Preferred name").inputValue()).toBe(sample.preferredName);
  expect(await page.getByText("Theme: Elegant").isVisible()).toBe(true);
  expect(await page.getByText("Overlay: Subtle").isVisible()).toBe(true);
  await page.getByTestId("booklet-preview").getByText(sample.fullName).waitFor();
  expect(await page.evaluate(() => localStorage.getItem("example-program"))).toBeNull();
  // Looking at the example is not an unsaved change.
  expect(await page.getByText("Not saved yet").isVisible()).toBe(true);

  // Another tab keeps the example on screen (it once swapped to a blank program).
  await page.getByRole("tab", { name: "Design" }).click();
  await page.waitForURL(/tab=design/);
  expect(new URL(page.url()).searchParams.get("example")).toBe("true");
  await page.getByRole("tab", { name: "Content" }).click();
  expect(await page.getByLabel("Full name").inputValue()).toBe(sample.fullName);

  // A reload shows the example again (it was taken from storage on the first visit).
  await page.reload();
  await page.getByTestId("booklet-preview").getByText(sample.fullName).waitFor();
  expect(await page.getByLabel("Full name").inputValue()).toBe(sample.fullName);
  expect(await page.getByText("Overlay: Subtle").isVisible()).toBe(true);
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("heading", { name: "No programs yet" }).waitFor();

  // Edits to the example survive a reload, kept apart from the unsaved new program of this device.
  await page.goto("/program-builder?example=true");
  await page.getByTestId("booklet-preview").getByText(sample.fullName).waitFor();
  await page.getByLabel("Preferred name").fill("Ellie");
  await page.waitForFunction(() => Object.keys(localStorage).some((key) => key.endsWith(":example")));
  // The browser asks before reloading over unsaved changes: reload anyway.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.reload();
  await page.getByText("We restored the program you were writing on this device.").waitFor();
  await page.getByTestId("booklet-preview").getByText(sample.fullName).waitFor();
  expect(await page.getByLabel("Preferred name").inputValue()).toBe("Ellie");
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith(":new")))).toEqual(
    [],
  );
}, 60_000);

test("?tab= selects a builder tab and ?focus= scrolls to and highlights its section", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder?tab=design&focus=layouts");
  expect(await page.getByRole("tab", { name: "Design" }).getAttribute("aria-selected")).toBe("true");
  const layouts = page.locator('[data-focus="layouts"]');
  await page.waitForFunction(() =>
    document.querySelector('[data-focus="layouts"]')?.classList.contains("focus-highlight"),
  );
  expect(await layouts.isVisible()).toBe(true);
  await page.waitForFunction(
    () => !document.querySelector('[data-focus="layouts"]')?.classList.contains("focus-highlight"),
  );

  await page.goto("/program-builder?tab=content&focus=photos");
  expect(await page.getByRole("tab", { name: "Content & Photos" }).getAttribute("aria-selected")).toBe(
    "true",
  );
  await page.waitForFunction(() =>
    document.querySelector('[data-focus="photos"]')?.classList.contains("focus-highlight"),
  );

  await page.goto("/program-builder?tab=ai-writing");
  expect(await page.getByRole("tab", { name: "AI Writer" }).getAttribute("aria-selected")).toBe("true");
  await page.goto("/program-builder?tab=export&focus=print");
  expect(await page.getByRole("tab", { name: "Export" }).getAttribute("aria-selected")).toBe("true");
  // Only the print section is marked and lit, not the whole Export tab around it.
  await page.waitForFunction(() => document.querySelector(".focus-highlight") !== null);
  expect(await page.locator('[data-focus="print"]').count()).toBe(1);
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll(".focus-highlight")].map((el) => el.querySelector("h3")?.textContent),
    ),
  ).toEqual(["Print files and guides"]);

  // The promo cards open the tab they describe.
  await page.getByRole("button", { name: /^Enhanced Themes/ }).click();
  expect(await page.getByRole("tab", { name: "Design" }).getAttribute("aria-selected")).toBe("true");
  await page.getByRole("button", { name: /^Design Tools/ }).click();
  expect(await page.getByRole("tab", { name: "Export" }).getAttribute("aria-selected")).toBe("true");
}, 60_000);

test("leaving with unsaved changes asks first, and the draft is restored from this device", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder");
  await page.getByLabel("Full name").fill("Walter Pennington");
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await dialog.waitFor();
  await checkScreen(page, "15-leave-dialog");
  await page.getByRole("button", { name: "Stay and Keep Editing" }).click();
  await dialog.waitFor({ state: "hidden" });
  expect(new URL(page.url()).pathname).toBe("/program-builder");

  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await page.getByRole("heading", { name: "Saved Programs" }).waitFor();

  // A fresh load (as after closing the tab) restores the draft.
  await page.goto("/program-builder");
  await page.getByText("We restored the program you were writing on this device.").waitFor();
  expect(await page.getByLabel("Full name").inputValue()).toBe("Walter Pennington");
  await page.getByRole("button", { name: "Start Over" }).click();
  expect(await page.getByLabel("Full name").inputValue()).toBe("");
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("heading", { name: "Saved Programs" }).waitFor();
}, 60_000);

test("a missing or another account's program shows a clear not-found message", async () => {
  const owner = e2e.app.client();
  await owner.signUp();
  const theirs = await owner.post("/api/programs", { fullName: "Someone Else" });
  expect(theirs.status).toBe(201);
  const { page } = await e2e.newPage({ signedIn: true });
  for (const path of [`/program/${theirs.json.id}`, "/program-builder/does-not-exist"]) {
    await page.goto(path);
    await page.getByRole("heading", { name: "Program not found" }).waitFor();
    expect(await page.getByText("Someone Else").count()).toBe(0);
  }
  await checkScreen(page, "16-program-not-found");
}, 60_000);

test("a refused save and a failed delete tell the user; a failing screen shows the error page", async () => {
  const { page } = await e2e.newPage({ signedIn: true });
  await page.goto("/program-builder");
  await page.getByLabel("Full name").fill("x".repeat(201));
  await page.getByRole("button", { name: "Save Draft" }).click();
  const refused = toastWith(page, "Failed to save program");
  await refused.waitFor();
  expect(await refused.textContent()).toContain("Full name must be at most 200 characters");
  expect(new URL(page.url()).pathname).toBe("/program-builder");
  expect(await (await page.request.get("/api/programs")).json()).toEqual([]);

  await page.getByLabel("Full name").fill("Agnes Moreau");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await page.waitForURL(/\/program-builder\/[\w-]+/);
  const id = new URL(page.url()).pathname.split("/").pop();
  await page.getByRole("link", { name: "Back to My Programs" }).click();
  await page.getByRole("heading", { name: "Agnes Moreau" }).waitFor();
  // Deleted elsewhere (another tab) while this list was open.
  const deleted = await page.request.delete(`/api/programs/${id}`, { headers: { origin: e2e.app.url } });
  expect(deleted.status()).toBe(200);
  await page.getByRole("button", { name: "Delete Agnes Moreau" }).click();
  await page.getByRole("button", { name: "Delete Program" }).click();
  await toastWith(page, "Failed to delete program").waitFor();
  await page.getByRole("heading", { name: "No programs yet" }).waitFor();

  // The list call fails: the error screen, then Try Again recovers once the server answers.
  await page.route(
    "**/api/programs",
    (route) => route.fulfill({ status: 500, body: "database unavailable" }),
    {
      times: 1,
    },
  );
  await page.goto("/programs");
  await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
  await page.getByRole("button", { name: "Error Details" }).click();
  await page.getByText("500: database unavailable").waitFor();
  expect(await page.getByText(/^Error ID: ERR-/).isVisible()).toBe(true);
  await checkScreen(page, "17-error-screen");
  await page.getByRole("button", { name: "Try Again" }).click();
  await page.getByRole("heading", { name: "No programs yet" }).waitFor();
}, 60_000);

test("the builder fits a 375 px phone", async () => {
  const { page } = await e2e.newPage({ signedIn: true, viewport: { width: 375, height: 812 } });
  await page.goto("/");
  await page.getByRole("button", { name: "View Examples" }).click();
  await page.getByRole("heading", { name: "Live Preview" }).waitFor();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await checkScreen(page, "18-builder-phone");
}, 60_000);
