import sharp, { type Metadata } from "sharp";
import { AppError } from "../errors";
import { photoTurns } from "./photo-memory";

/** Long side of the print master: 13 in at 300 dpi, more than any placement in the booklet needs. */
const MASTER_LONG_SIDE = 4000;
/** Long side of the builder's rendition: sharp on a high-density screen at the preview's size. */
const SCREEN_LONG_SIDE = 1600;

export const MASTER_MIME = "image/jpeg";
export const SCREEN_MIME = "image/webp";

// Recognised by content (sharp reads the file's signature), never by name or declared type.
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp"]);

const NOT_AN_IMAGE = "Please drop image files only";

/**
 * The most pixels an upload may have: room for a 48-50 megapixel phone photo, while a printed
 * page needs about 9 (8.75 x 11.25 in at 300 dpi). Decoding costs time and memory by the pixel.
 */
const MAX_PHOTO_PIXELS = 64_000_000;

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

// Reads only the file's header, whatever size it declares: the pixel ceiling is checked on the
// declared size before a single pixel is decoded (a small file can declare a huge image).
const readMetadata = async (bytes: Uint8Array) => {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
};

const megapixels = (pixels: number) => Math.floor(pixels / 1_000_000);

const tooManyPixels = ({ width, height }: Metadata) =>
  new AppError(
    "PAYLOAD_TOO_LARGE",
    `This image is too large in pixels (${width} x ${height}). Please use a copy under ${megapixels(MAX_PHOTO_PIXELS)} megapixels.`,
  );

const failure = () =>
  new AppError("VALIDATION", "This photo could not be read: the file may be damaged.", [
    { path: "file", message: "This photo could not be read: the file may be damaged." },
  ]);

// One queue for every upload in this process, so the bound on photos decoded at once holds.
const inTurn = photoTurns();

/**
 * Turns an upload into what we keep: upright (EXIF orientation applied), without any metadata
 * (camera, GPS location), on white where it was transparent (paper is white), as a JPEG print
 * master (JPEG so Chromium embeds it in the PDF as is) and a small WebP for the screen.
 */
export const processPhoto = (bytes: Uint8Array): Promise<ProcessedPhoto> => inTurn(() => processNow(bytes));

const processNow = async (bytes: Uint8Array): Promise<ProcessedPhoto> => {
  const metadata = await readMetadata(bytes);
  if (!ACCEPTED_FORMATS.has(metadata.format)) {
    // A PDF is a document even where libvips can rasterise it.
    throw metadata.format === "pdf" ? notAnImage() : unsupportedFormat(metadata);
  }
  if (metadata.width * metadata.height > MAX_PHOTO_PIXELS) throw tooManyPixels(metadata);
  try {
    // sharp writes no metadata unless asked (no withMetadata/keepExif here): that is the stripping.
    const master = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_PHOTO_PIXELS })
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
  } catch {
    throw failure();
  }
};
