// Photos scaled to 300 dpi at the size they print, before Chromium sees them. A 12-megapixel
// phone photo costs Chromium ~0.2 s to decode per use while a print-sized copy costs a few ms, and
// the PDF gets no smaller detail than a press can print anyway. Results are cached per photo and
// size, so a program printed again (or in another variant) reuses them.
import { createHash } from "node:crypto";
import sharp from "sharp";
import { PRINT_SPECS } from "../shared/constants";
import { BLEED_IN, PAGE_HEIGHT_IN, PAGE_WIDTH_IN } from "./booklet/page-geometry";
import type { BookletPlan } from "./booklet/plan-booklet";
import type { PhotoAsset } from "./photo-assets";

export type PixelSize = { width: number; height: number };

/** A washed-out background needs less detail than a portrait. */
const BACKGROUND_DPI = 150;
const CACHE_ENTRIES = 96;
const cache = new Map<string, Promise<PhotoAsset>>();

/** The largest pixel size each photo address is printed at across the plan's pages. */
export const printSizes = (plan: BookletPlan, backgroundUrls: string[]): Map<string, PixelSize> => {
  const sizes = new Map<string, PixelSize>();
  const grow = (url: string, width: number, height: number) => {
    const known = sizes.get(url);
    sizes.set(url, {
      width: Math.ceil(Math.max(known?.width ?? 0, width)),
      height: Math.ceil(Math.max(known?.height ?? 0, height)),
    });
  };
  for (const page of plan.pages) {
    for (const photo of page.photos ?? []) {
      const widthIn = photo.fullBleed ? PAGE_WIDTH_IN + 2 * BLEED_IN : photo.widthIn;
      grow(photo.url, widthIn * PRINT_SPECS.dpi, photo.heightIn * PRINT_SPECS.dpi);
    }
  }
  for (const url of backgroundUrls) {
    grow(
      url,
      (PAGE_WIDTH_IN + 2 * BLEED_IN) * BACKGROUND_DPI,
      (PAGE_HEIGHT_IN + 2 * BLEED_IN) * BACKGROUND_DPI,
    );
  }
  return sizes;
};

const scale = async (asset: PhotoAsset, target: PixelSize): Promise<PhotoAsset> => {
  const image = sharp(asset.body, { failOn: "none" }).rotate();
  const meta = await image.metadata();
  const resized = image
    .resize(target.width, target.height, { fit: "outside", withoutEnlargement: true })
    .keepIccProfile();
  const output = meta.hasAlpha
    ? await resized.png().toBuffer({ resolveWithObject: true })
    : await resized.jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer({ resolveWithObject: true });
  return {
    body: new Uint8Array(output.data),
    contentType: meta.hasAlpha ? "image/png" : "image/jpeg",
    width: output.info.width,
    height: output.info.height,
  };
};

/**
 * The photo at `target` pixels or its own size if smaller. A JPEG that is already small enough
 * is passed through untouched; anything unreadable is passed through for Chromium to judge.
 */
export const printReadyPhoto = (asset: PhotoAsset, target: PixelSize): Promise<PhotoAsset> => {
  const alreadySmall =
    asset.contentType === "image/jpeg" &&
    asset.width <= target.width * 1.25 &&
    asset.height <= target.height * 1.25;
  if (alreadySmall) return Promise.resolve(asset);
  const key = `${createHash("sha1").update(asset.body).digest("hex")}:${target.width}x${target.height}`;
  const known = cache.get(key);
  if (known) {
    cache.delete(key);
    cache.set(key, known);
    return known;
  }
  const made = scale(asset, target).catch(() => asset);
  cache.set(key, made);
  while (cache.size > CACHE_ENTRIES) {
    const oldest = cache.keys().next().value;
    if (oldest === undefined) break;
    cache.delete(oldest);
  }
  return made;
};
