// What a phone on a slow connection downloads for a first visit, through the built server as
// `bun run start` runs it: each page within its budget, after compression, in a fresh profile.
import { expect, test } from "bun:test";
import { setupBuiltAppAndBrowser } from "../support/browser";
import { loadFresh } from "../support/page-weight";
import { signedInCookie } from "../support/test-app";

const KB = 1024;
const built = setupBuiltAppAndBrowser("page-weight");

test("the landing and sign-in pages each transfer at most 150 KB", async () => {
  const landing = await loadFresh(built.browser, built.server.base, "/", {
    ready: (page) => page.getByRole("heading", { level: 1 }).waitFor(),
  });
  const signIn = await loadFresh(built.browser, built.server.base, "/login", {
    ready: (page) => page.getByLabel("Email").waitFor(),
  });
  expect(landing.transferredBytes).toBeLessThan(150 * KB);
  expect(signIn.transferredBytes).toBeLessThan(150 * KB);
}, 60_000);

test("a visitor's first pages log no error in the browser's console", async () => {
  const context = await built.browser.newContext({ baseURL: built.server.base });
  const errors: string[] = [];
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await page.getByRole("link", { name: "Sign In" }).first().click();
  await page.getByLabel("Email").waitFor();
  await context.close();
  expect(errors).toEqual([]);
});

test("the builder's first open (an empty program, with the booklet's fonts) transfers at most 700 KB", async () => {
  const builder = await loadFresh(built.browser, built.server.base, "/program-builder", {
    cookie: await signedInCookie(built.server.base),
    ready: (page) => page.getByRole("heading", { name: "Live Preview" }).waitFor(),
  });
  expect(builder.transferredBytes).toBeLessThan(700 * KB);
}, 60_000);

test("scripts and stylesheets are compressed and cached for good; the page is asked again every visit", async () => {
  const page = await fetch(`${built.server.base}/programs`, { headers: { "accept-encoding": "br, gzip" } });
  expect(page.headers.get("cache-control")).toBe("no-cache");
  const html = await page.text();
  const script = html.match(/src="(\/chunk-[a-z0-9]+\.js)"/)?.[1];
  const style = html.match(/href="(\/chunk-[a-z0-9]+\.css)"/)?.[1];
  for (const [asset, encoding] of [
    [script, "br"],
    [style, "gzip"],
  ] as const) {
    const answer = await fetch(built.server.base + asset, {
      headers: { "accept-encoding": encoding },
      decompress: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-encoding")).toBe(encoding);
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(answer.headers.get("vary")).toContain("Accept-Encoding");
  }
  const fonts = await (await fetch(`${built.server.base}/assets/booklet-fonts.css`)).text();
  const font = fonts.match(/url\((\/assets\/[a-f0-9]+\/fonts\/lora-latin-400-normal\.woff2)\)/)?.[1];
  const fontAnswer = await fetch(built.server.base + font);
  expect(fontAnswer.headers.get("content-type")).toBe("font/woff2");
  expect(fontAnswer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  expect(
    (await fetch(`${built.server.base}/assets/000000000000/fonts/lora-latin-400-normal.woff2`)).status,
  ).toBe(404);
});
