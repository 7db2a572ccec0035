// A builder made for a thumb, and screens that nothing floats over: at 390x844, 768x1024 and
// 1280x900 no fixed or sticky element covers an input, label, button, link or heading; the
// signed-in menu, the builder's compact header, Preview toggle and 44 px controls on a phone;
// toasts clear of the preview's page controls; and the axe audit at phone size.
import { expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { auditAccessibility, screenshot, setupE2eApp } from "../support/browser";
import { checkScreen, toastWith } from "./helpers";

const e2e = setupE2eApp();
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 768, height: 1024 };
const DESKTOP = { width: 1280, height: 900 };
const LANDING = "Honor Their Memory With Dignity";

const TARGETS = "input, textarea, select, label, button, a[href], h1, h2, h3, h4, h5, h6, [role=tab]";

/**
 * In the page as it is scrolled now: the targets partly under a fixed or sticky layer they are not
 * part of. A layer as wide as the screen at its top or bottom (the builder's header and phone bar)
 * is a band the page scrolls under, so it only counts where nothing can be scrolled out from under
 * it: at the top and the end of the page, and for content that is itself sticky (the preview).
 */
const coveredTargets = (page: Page, targets = TARGETS) =>
  page.evaluate((selector) => {
    const vw = document.documentElement.clientWidth;
    const vh = window.innerHeight;
    const atTop = window.scrollY <= 0;
    const atEnd = window.scrollY + vh >= document.documentElement.scrollHeight - 1;
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      return (
        r.width > 2 && r.height > 2 && el.checkVisibility({ opacityProperty: true, visibilityProperty: true })
      );
    };
    const layers = [...document.querySelectorAll("body *")].filter((el) => {
      const style = getComputedStyle(el);
      return (
        (style.position === "fixed" || style.position === "sticky") &&
        style.pointerEvents !== "none" &&
        shown(el)
      );
    });
    const positioned = (el: Element, position: string) =>
      layers.some((layer) => layer.contains(el) && getComputedStyle(layer).position === position);
    const overlap = (a: DOMRect, b: DOMRect) =>
      Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
      Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
    // What the bands leave of the screen: a floating button over a band covers only the band.
    const bands = layers.map((el) => el.getBoundingClientRect()).filter((r) => r.width >= vw - 1);
    const visibleTop = Math.max(0, ...bands.filter((r) => r.top <= 1).map((r) => r.bottom));
    const visibleBottom = Math.min(
      vh,
      ...bands.filter((r) => r.top > 1 && r.bottom >= vh - 1).map((r) => r.top),
    );
    const covered: string[] = [];
    for (const target of document.querySelectorAll(selector)) {
      if (!shown(target)) continue;
      const box = target.getBoundingClientRect();
      if (box.bottom <= 0 || box.top >= vh) continue;
      for (const layer of layers) {
        if (layer.contains(target) || !overlap(box, layer.getBoundingClientRect())) continue;
        const r = layer.getBoundingClientRect();
        const band = r.width >= vw - 1 && (r.top <= 1 || r.bottom >= vh - 1);
        const atTopBand = band && r.top <= 1;
        if (band) {
          if (positioned(target, "fixed")) continue;
          const stuck = positioned(target, "sticky");
          if (!stuck && !(atTopBand ? atTop : atEnd)) continue;
        } else if (getComputedStyle(layer).position === "sticky") continue;
        else if (Math.min(box.bottom, r.bottom, visibleBottom) - Math.max(box.top, r.top, visibleTop) <= 1)
          continue;
        covered.push(`${name(target)} under ${name(layer).slice(0, 30)}`);
      }
    }
    return covered;
  }, targets);

/** The scroll positions to check: the top and the end, or (scrollAll) every half screen between. */
const checkScrolled = async (page: Page, where: string, scrollAll: boolean) => {
  const height = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  const step = (page.viewportSize()?.height ?? 800) / 2;
  const positions = scrollAll
    ? [...Array.from({ length: Math.ceil(height / step) }, (_, i) => i * step), height]
    : [0, height];
  for (const y of positions) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    expect({ where, y, covered: await coveredTargets(page) }).toEqual({ where, y, covered: [] });
  }
  await page.evaluate(() => window.scrollTo(0, 0));
};

/** The Support Assistant's button comes on the first touch; bring it in before measuring. */
const withAssistant = async (page: Page) => {
  await page.evaluate(() => window.dispatchEvent(new Event("pointerdown")));
  await page.getByRole("button", { name: "Open support assistant" }).waitFor();
};

const createProgram = async (page: Page) => {
  const response = await page.request.post("/api/programs", {
    headers: { origin: e2e.app.url },
    data: { fullName: "Eleanor Grace Whitfield", preferredName: "Nell" },
  });
  expect(response.status()).toBe(201);
};

for (const viewport of [PHONE, TABLET, DESKTOP]) {
  test(`at ${viewport.width}x${viewport.height} nothing fixed or sticky covers a control or heading on the landing, programs and builder pages`, async () => {
    const size = `${viewport.width}`;
    const { page: visitor } = await e2e.newPage({ viewport });
    await visitor.goto("/");
    await visitor.getByRole("heading", { name: LANDING }).waitFor();
    await withAssistant(visitor);
    await checkScrolled(visitor, "landing", false);
    await screenshot(visitor, `phone-layout-landing-${size}`, { fullPage: false });

    const { page } = await e2e.newPage({ signedIn: true, viewport });
    await createProgram(page);
    await page.goto("/programs");
    await page.getByRole("heading", { name: "Eleanor Grace Whitfield" }).waitFor();
    await withAssistant(page);
    await checkScrolled(page, "programs", false);
    await screenshot(page, `phone-layout-programs-${size}`, { fullPage: false });

    // The builder is long and sticky: every scroll position, on its longest tabs.
    await page.goto("/program-builder?example=true");
    await page.getByRole("heading", { name: "Live Preview" }).waitFor();
    await withAssistant(page);
    await checkScrolled(page, "builder content", true);
    await screenshot(page, `phone-layout-builder-${size}`, { fullPage: false });
    await page.getByRole("tab", { name: "Design" }).click();
    await checkScrolled(page, "builder design", true);
    if (viewport !== DESKTOP) {
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await checkScrolled(page, "builder preview", true);
      await screenshot(page, `phone-layout-builder-preview-${size}`, { fullPage: false });
    }
  }, 120_000);
}

test("on a phone the signed-in header is one line with a menu, and Sign Out Everywhere asks first", async () => {
  const { page } = await e2e.newPage({ signedIn: true, viewport: PHONE });
  await page.goto("/programs");
  await page.getByRole("heading", { name: "Saved Programs" }).waitFor();
  const header = await page.getByRole("banner").boundingBox();
  expect(header?.height).toBeLessThanOrEqual(72);
  expect(await page.getByRole("link", { name: "Batch Generator" }).count()).toBe(0);

  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.waitFor();
  for (const item of ["My Programs", "Batch Generator", "Sign Out", "Sign Out Everywhere"]) {
    const box = await menu
      .getByRole(item.startsWith("Sign") ? "button" : "link", { name: item, exact: true })
      .boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  await checkScreen(page, "phone-layout-menu-390");
  await menu.getByRole("link", { name: "Batch Generator" }).click();
  await page.waitForURL("**/batch-generator");
  expect(await menu.count()).toBe(0);

  await page.getByRole("button", { name: "Menu" }).click();
  await menu.getByRole("button", { name: "Sign Out Everywhere" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Sign out on every device?" });
  await confirm.waitFor();
  await checkScreen(page, "phone-layout-sign-out-everywhere-390");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "hidden" });
  expect((await page.request.get("/api/auth/user")).status()).toBe(200);

  await page.getByRole("button", { name: "Menu" }).click();
  await menu.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await confirm.getByRole("button", { name: "Sign Out Everywhere" }).click();
  await page.getByRole("heading", { name: LANDING }).waitFor();
  expect((await page.request.get("/api/auth/user")).status()).toBe(401);
}, 60_000);

/** Controls of the builder a thumb uses at phone size that are under 44 px in either direction. */
const smallControls = (page: Page) =>
  page.evaluate(() =>
    [
      ...document.querySelectorAll(
        "button, a[href], input:not([type=checkbox]):not([type=radio]), select, textarea, [role=tab]",
      ),
    ]
      .filter((el) => el.checkVisibility() && el.getBoundingClientRect().width > 2)
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.height < 44 || r.width < 44;
      })
      .map(
        (el) =>
          `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}" ${Math.round(el.getBoundingClientRect().width)}x${Math.round(el.getBoundingClientRect().height)}`,
      ),
  );

test("the builder on a phone: a compact header with the save status, a Preview toggle, 44 px controls, toasts clear of the page controls", async () => {
  const { page } = await e2e.newPage({ signedIn: true, viewport: PHONE });
  await page.goto("/program-builder?example=true");
  await page.getByRole("heading", { name: "Live Preview" }).waitFor();
  const header = await page.getByRole("banner").boundingBox();
  expect(header?.height).toBeLessThanOrEqual(64);
  expect(await page.getByRole("banner").getByText("Not saved yet").isVisible()).toBe(true);
  expect(await smallControls(page)).toEqual([]);

  // A theme chosen far down the Design tab shows at once with Preview, without scrolling.
  await page.getByRole("tab", { name: "Design" }).click();
  const before = await page.getByTestId("booklet-preview").evaluate((el) => ({ ...el.dataset }));
  await page.locator("#builder-panel fieldset").last().getByRole("radio").last().check();
  expect(await smallControls(page)).toEqual([]);
  const editingAt = await page.evaluate(() => window.scrollY);
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  const preview = await page.getByTestId("booklet-preview").boundingBox();
  expect(preview && preview.y + preview.height).toBeLessThanOrEqual(PHONE.height);
  expect(await page.getByRole("region", { name: "Program details" }).isVisible()).toBe(false);
  expect(await page.getByTestId("booklet-preview").evaluate((el) => ({ ...el.dataset }))).not.toEqual(before);
  await checkScreen(page, "phone-layout-builder-preview-390");
  await page.getByRole("button", { name: "Edit", exact: true }).click();
  expect(await page.evaluate(() => window.scrollY)).toBe(editingAt);

  // Saving shows a toast; in the preview it stays clear of the page controls.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await page.getByRole("button", { name: "Save Draft" }).click();
  const saved = toastWith(page, "saved");
  await saved.waitFor();
  await page.getByRole("banner").getByText("All changes saved").waitFor();
  // The first save moves to the program's own address: the family is still looking at the preview.
  await page.waitForURL(/\/program-builder\/[^/?]+/);
  await page.getByRole("button", { name: "Edit", exact: true }).waitFor();
  const pageControls = await page.getByRole("navigation", { name: "Preview pages" }).boundingBox();
  const toastBox = await saved.boundingBox();
  if (!pageControls || !toastBox) throw new Error("the page controls or the toast are missing");
  expect(pageControls.y + pageControls.height).toBeLessThanOrEqual(toastBox.y);
  await screenshot(page, "phone-layout-toast-390", { fullPage: false });
}, 60_000);

test("the axe audit at 390x844 finds nothing serious on the main screens", async () => {
  const { page: visitor } = await e2e.newPage({ viewport: PHONE });
  for (const [path, heading] of [
    ["/", LANDING],
    ["/login", "Welcome Back"],
    ["/register", "Create Your Account"],
  ] as const) {
    await visitor.goto(path);
    await visitor.getByRole("heading", { name: heading }).waitFor();
    expect({ path, violations: await auditAccessibility(visitor) }).toEqual({ path, violations: [] });
  }
  const { page } = await e2e.newPage({ signedIn: true, viewport: PHONE });
  await createProgram(page);
  for (const [path, heading] of [
    ["/", "Create a Beautiful Memorial Program"],
    ["/programs", "Saved Programs"],
    ["/program-builder?example=true", "Live Preview"],
    ["/program-builder?tab=design", "Live Preview"],
    ["/batch-generator", "Batch Program Generator"],
  ] as const) {
    await page.goto(path);
    await page.getByRole("heading", { name: heading }).first().waitFor();
    expect({ path, violations: await auditAccessibility(page) }).toEqual({ path, violations: [] });
  }
}, 90_000);
