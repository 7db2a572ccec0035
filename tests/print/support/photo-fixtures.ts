// Photos made with sharp and served from memory: the PhotoLoader the print engine gets in tests.
import sharp from "sharp";
import type { PhotoAsset, PhotoLoader } from "../../../src/print/photo-assets";

/** A JPEG with soft colour fields and a few shapes, so it reads as a photo on the page. */
export const makePhoto = async (width: number, height: number, hue = 30): Promise<PhotoAsset> => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="none">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},45%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},35%,38%)"/>
    </linearGradient></defs>
    <rect width="100" height="100" fill="url(#g)"/>
    <circle cx="50" cy="40" r="17" fill="hsl(${hue},30%,85%)"/>
    <ellipse cx="50" cy="95" rx="32" ry="30" fill="hsl(${hue},25%,30%)"/>
  </svg>`;
  const body = new Uint8Array(await sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer());
  return { body, contentType: "image/jpeg", width, height };
};

/** A loader answering only the given addresses, recording every address asked for. */
export const memoryPhotoLoader = (photos: Record<string, PhotoAsset>) => {
  const asked: string[] = [];
  const loader: PhotoLoader = async (url) => {
    asked.push(url);
    return photos[url];
  };
  return { loader, asked };
};
