import sharp, { type Metadata } from "sharp";
import { AppError } from "../errors";

/** Long side of the print master: 13 in at 300 dpi, more than any placement in the booklet needs. */
export const MASTER_LONG_SIDE = 4000;
/** Long side of the builder's rendition: sharp on a high-density screen at the preview's size. */
export const SCREEN_LONG_SIDE = 1600;

export const MASTER_MIME = "image/jpeg";
export const SCREEN_MIME = "image/webp";

// Recognised by content (sharp reads the file's signature), never by name or declared type.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

export const NOT_AN_IMAGE = "Please drop image files only";

export type ProcessedPhoto = {
  master: Uint8Array;
  screen: Uint8Array;
  /** Pixel size of the master, upright. */
  width: number;
  height: number;
};

const notAnImage = () => new AppError("UNSUPPORTED_MEDIA_TYPE", NOT_AN_IMAGE);

/** An image we recognise but do not take (HEIC: the prebuilt libvips has no HEVC decoder). */
const unsupportedFormat = ({ format, compression }: Metadata) => {
  const name = format === "heif" ? (compression === "av1" ? "AVIF" : "HEIC") : format.toUpperCase();
  return new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `${name} images are not supported. Please use a JPG, PNG or WebP photo.`,
  );
};

const isOverPixelLimit = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).includes("pixel limit");

const tooManyPixels = () =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    "This photo has too many pixels to process. Please use a copy under 250 megapixels.",
  );

// The header alone is read here: a decompression bomb (a few KB claiming 30000x30000 pixels) stops
// at sharp's pixel limit before a byte of it is decoded.
const readMetadata = async (bytes: Uint8Array) => {
  try {
    return await sharp(bytes).metadata();
  } catch (error) {
    throw isOverPixelLimit(error) ? tooManyPixels() : notAnImage();
  }
};

const failure = (error: unknown) => {
  if (isOverPixelLimit(error)) return tooManyPixels();
  return new AppError("VALIDATION", "This photo could not be read: the file may be damaged.", [
    { path: "file", message: "This photo could not be read: the file may be damaged." },
  ]);
};

/**
 * Turns an upload into what we keep: upright (EXIF orientation applied), without any metadata
 * (camera, GPS location), on white where it was transparent (paper is white), as a JPEG print
 * master (JPEG so Chromium embeds it in the PDF as is) and a small WebP for the screen.
 */
export const processPhoto = async (bytes: Uint8Array): Promise<ProcessedPhoto> => {
  const metadata = await readMetadata(bytes);
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    // A PDF is a document even where libvips can rasterise it.
    throw metadata.format === "pdf" ? notAnImage() : unsupportedFormat(metadata);
  }
  try {
    // sharp writes no metadata unless asked (no withMetadata/keepExif here): that is the stripping.
    const master = await sharp(bytes, { failOn: "error" })
      .rotate()
      .resize({ width: MASTER_LONG_SIDE, height: MASTER_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    const screen = await sharp(master.data)
      .resize({ width: SCREEN_LONG_SIDE, height: SCREEN_LONG_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      master: new Uint8Array(master.data),
      screen: new Uint8Array(screen),
      width: master.info.width,
      height: master.info.height,
    };
  } catch (error) {
    throw failure(error);
  }
};
