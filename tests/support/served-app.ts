import { expect } from "bun:test";
import { signedInCookie } from "./test-app";

/**
 * What every way of serving the built app must do: answer health, serve the SPA (HTML and its
 * script) at `paths`, refuse a signed-out user and sign a new one up. Returns that user's cookie.
 */
export const expectServedApp = async (base: string, paths: string[]) => {
  const health = await fetch(`${base}/api/health`);
  expect(await health.json()).toEqual({ ok: true });
  // The help centre's Markdown travels inside every bundle.
  const help = (await (await fetch(`${base}/api/help/articles`)).json()) as { slug: string }[];
  expect(help.map((a) => a.slug)).toContain("printing-at-home");
  for (const path of paths) {
    const page = await fetch(base + path);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    const script = html.match(/src="(\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(base + script)).status).toBe(200);
  }
  // The booklet's fonts travel inside every bundle too, for the builder's preview.
  const fonts = await (await fetch(`${base}/assets/booklet-fonts.css`)).text();
  const font = fonts.match(/url\((\/assets\/[a-f0-9]+\/fonts\/[a-z0-9-]+\.woff2)\)/)?.[1];
  const fontAnswer = await fetch(`${base}${font}`);
  expect({ status: fontAnswer.status, type: fontAnswer.headers.get("content-type") }).toEqual({
    status: 200,
    type: "font/woff2",
  });
  // A bundle must behave as the source does: signed out is a 401, sign-up works.
  expect((await fetch(`${base}/api/auth/user`)).status).toBe(401);
  const cookie = await signedInCookie(base);
  expect((await fetch(`${base}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
  return cookie;
};
