import { describe, expect, test } from "bun:test";
import type { Page } from "playwright-core";
import { setupE2eApp } from "../support/browser";
import { pngImage } from "../support/test-images";
import { checkScreen, holdRequest, toastWith } from "./helpers";

const e2e = setupE2eApp();

const openPhotos = async (page: Page) => {
  await page.getByRole("tab", { name: "Content & Photos" }).click();
  await page.getByLabel("Choose photos").waitFor({ state: "attached" });
};

const captions = async (page: Page) => {
  const values: string[] = [];
  for (let n = 1; ; n++) {
    const field = page.getByLabel(`Caption for photo ${n}`);
    if ((await field.count()) === 0) return values;
    values.push(await field.inputValue());
  }
};

/** Drops files on the drop zone the way a browser does when files are dragged from the desktop. */
const dropFiles = (page: Page, files: { name: string; type: string; bytes: number[] }[]) =>
  page.getByTestId("photo-drop-zone").evaluate((zone, list) => {
    const data = new DataTransfer();
    for (const f of list) data.items.add(new File([new Uint8Array(f.bytes)], f.name, { type: f.type }));
    zone.dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  }, files);

/** Every stored photo the preview shows, page by page in reading order, first sighting only. */
const photosInPreview = async (page: Page) => {
  const seen: { id: string; src: string; loaded: boolean }[] = [];
  const dots = page.getByRole("button", { name: /^Show page \d+:/ });
  for (let i = 0; i < (await dots.count()); i++) {
    await dots.nth(i).click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('[data-testid="booklet-preview"] img')].every(
        (img) => (img as HTMLImageElement).complete,
      ),
    );
    const images = await page
      .getByTestId("booklet-preview")
      .locator('img[src*="/api/photos/"]')
      .evaluateAll((imgs) =>
        imgs.map((img) => ({
          src: img.getAttribute("src") ?? "",
          loaded: (img as HTMLImageElement).naturalWidth > 0,
        })),
      );
    for (const image of images) {
      const id = image.src.split("/api/photos/")[1]?.split("?")[0] ?? "";
      if (!seen.some((s) => s.id === id)) seen.push({ id, ...image });
    }
  }
  return seen;
};

describe("photos in the builder", () => {
  test("two photos, reordered and saved, keep their order and captions after a reload", async () => {
    const { page } = await e2e.newPage({ signedIn: true });
    await page.goto("/program-builder?tab=content");
    await page.getByLabel("Full name").fill("Eleanor Grace Whitfield");
    await openPhotos(page);

    const idsInEditor = () =>
      page
        .locator("li[data-photo-id]")
        .evaluateAll((items) => items.map((li) => li.getAttribute("data-photo-id")));
    await page.getByLabel("Choose photos").setInputFiles([
      { name: "garden.png", mimeType: "image/png", buffer: await pngImage(900, 600, "#b03030") },
      { name: "wedding.png", mimeType: "image/png", buffer: await pngImage(600, 900, "#3050b0") },
    ]);
    await toastWith(page, "Successfully uploaded 2 photo(s)").waitFor();
    await page.getByLabel("Caption for photo 1").fill("In the garden");
    await page.getByLabel("Caption for photo 2").fill("Wedding day, 1956");
    expect(await page.getByRole("button", { name: "Move photo 1 up" }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Move photo 2 down" }).isDisabled()).toBe(true);

    await page.getByRole("button", { name: "Move photo 2 up" }).click();
    expect(await captions(page)).toEqual(["Wedding day, 1956", "In the garden"]);
    const order = await idsInEditor();
    await page.getByRole("button", { name: "Set as main photo (photo 1)" }).click();

    await page.getByRole("button", { name: "Save Draft" }).click();
    await toastWith(page, "Program saved successfully!").waitFor();
    await page.waitForURL(/\/program-builder\/[0-9a-f-]{36}/);

    await page.reload();
    await openPhotos(page);
    expect(await captions(page)).toEqual(["Wedding day, 1956", "In the garden"]);
    expect(await page.getByText("600 × 900 px").count()).toBe(1); // the first is the portrait one
    expect(
      await page.getByRole("button", { name: "Main photo (photo 1)" }).getAttribute("aria-pressed"),
    ).toBe("true");
    expect(await page.getByText("You can add 6 more photos").count()).toBe(1);
    // Thumbnails load the small copy of each stored photo.
    const thumbs = await page.getByRole("img", { name: "Wedding day, 1956" }).evaluate((img) => ({
      src: img.getAttribute("src"),
      width: (img as HTMLImageElement).naturalWidth,
    }));
    expect(thumbs.src).toContain("?rendition=screen");
    expect(thumbs.width).toBe(600);
    expect(await idsInEditor()).toEqual(order);
    // The booklet preview shows them in the same order, from the small copies.
    const shown = await photosInPreview(page);
    expect(shown.map((s) => s.id)).toEqual(order as string[]);
    for (const photo of shown) {
      expect(photo.src).toContain("rendition=screen");
      expect(photo.loaded).toBe(true);
    }
    await checkScreen(page, "photos-after-reload");
  }, 60_000);

  test("a photo dropped on the drop zone is uploaded, showing progress meanwhile", async () => {
    const { page } = await e2e.newPage({ signedIn: true });
    await page.goto("/program-builder?tab=content");
    await openPhotos(page);
    const upload = await holdRequest(page, "**/api/photos");
    await dropFiles(page, [
      { name: "portrait.png", type: "image/png", bytes: [...(await pngImage(200, 150))] },
    ]);
    await page.getByText("Uploading 1 of 1...").waitFor();
    expect(await page.getByLabel("Choose photos").isDisabled()).toBe(true);
    upload.release();
    await toastWith(page, "Successfully uploaded 1 photo(s)").waitFor();
    expect(await page.getByText("200 × 150 px").count()).toBe(1);
    expect(await page.getByText("You can add 7 more photos").count()).toBe(1);
  }, 30_000);

  test("a dropped file that is not an image is refused and nothing is uploaded", async () => {
    const { page } = await e2e.newPage({ signedIn: true });
    const uploads: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/photos")) uploads.push(request.url());
    });
    await page.goto("/program-builder?tab=content");
    await openPhotos(page);
    await dropFiles(page, [
      { name: "notes.txt", type: "text/plain", bytes: [...Buffer.from("not a photo")] },
    ]);
    await toastWith(page, "Please drop image files only").waitFor();
    expect(await page.getByText("You can add 8 more photos").count()).toBe(1);
    expect(uploads).toEqual([]);
  }, 30_000);

  test("a failed upload says so with the server's reason", async () => {
    const { page } = await e2e.newPage({ signedIn: true });
    await page.goto("/program-builder?tab=content");
    await openPhotos(page);
    // Declared an image, but the bytes are text: the server checks content, not the name or type.
    await page
      .getByLabel("Choose photos")
      .setInputFiles([
        { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("these are not pixels") },
      ]);
    const failure = toastWith(page, "Upload failed");
    await failure.waitFor();
    expect(await failure.textContent()).toContain("Please drop image files only");
    expect(await page.getByText("You can add 8 more photos").count()).toBe(1);
  }, 30_000);
});
