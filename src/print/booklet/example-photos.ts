// The View Examples program's photos: artwork drawn for Keepsake (scripts/generate-example-photos.ts),
// so its licence is ours. Served at fixed addresses under /assets/examples/ for the preview, and
// answered by the print pipeline itself, so the example prints with them in any account.
import { readFileSync } from "node:fs";
import { EXAMPLE_PHOTO_SIZES } from "../../shared/example-photos";
import { bundledFilePath } from "../bundled-file";
import type { PhotoAsset, PhotoLoader } from "../photo-assets";
import dawnHills from "./example-photos/dawn-hills.jpg" with { type: "file" };
import duskRoses from "./example-photos/dusk-roses.jpg" with { type: "file" };
import garden from "./example-photos/garden.jpg" with { type: "file" };
import lemonBranch from "./example-photos/lemon-branch.jpg" with { type: "file" };
import stillLake from "./example-photos/still-lake.jpg" with { type: "file" };

const FILES: Record<string, string> = {
  "dawn-hills": dawnHills,
  "dusk-roses": duskRoses,
  garden,
  "lemon-branch": lemonBranch,
  "still-lake": stillLake,
};

const ADDRESS = /^\/assets\/examples\/([a-z-]+)\.jpg$/;
const read = new Map<string, Buffer>();

/** The example photo at a `/assets/examples/{name}.jpg` address, or undefined for any other. */
export const examplePhoto = (url: string): PhotoAsset | undefined => {
  const name = url.match(ADDRESS)?.[1];
  const file = name ? FILES[name] : undefined;
  const size = name ? EXAMPLE_PHOTO_SIZES[name] : undefined;
  if (!name || !file || !size) return undefined;
  // Read once: every preview of the example and every PDF of it asks again.
  let body = read.get(name);
  if (!body) {
    body = readFileSync(bundledFilePath(file));
    read.set(name, body);
  }
  return { body, contentType: "image/jpeg", ...size };
};

/** An account's photo loader that also knows the example photos. */
export const withExamplePhotos =
  (loader: PhotoLoader): PhotoLoader =>
  async (url) =>
    examplePhoto(url) ?? loader(url);
