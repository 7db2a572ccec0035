// Test photos made on the fly with sharp: no binaries in the repository.
import { deflateSync } from "node:zlib";
import sharp from "sharp";

const solid = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } });

/**
 * A 400x200 JPEG as a phone stores it: sideways with EXIF orientation 6 (turn 90° clockwise to
 * view), a camera make, and the GPS position of where it was taken. Its left half is red, so when
 * it is upright the top half is red and the bottom half blue.
 */
export const phoneJpeg = async () => {
  const redHalf = await solid(200, 200, "#ff0000").png().toBuffer();
  return solid(400, 200, "#0000ff")
    .composite([{ input: redHalf, left: 0, top: 0 }])
    .jpeg()
    .withExif({
      IFD0: { Make: "PhoneCo" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
};

export const pngImage = (width = 300, height = 200, background = "#22aa66") =>
  solid(width, height, background).png().toBuffer();

export const webpImage = (width = 300, height = 200, background = "#aa6622") =>
  solid(width, height, background).webp().toBuffer();

/**
 * A photo with detail (noise), so JPEG sizes and resampling behave as with a real one; less noise
 * (`sigma`) and a lower `quality` make a smaller file of the same size.
 */
export const detailedJpeg = (width: number, height: number, { sigma = 40, quality = 85 } = {}) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean: 128, sigma },
    },
  })
    .jpeg({ quality })
    .toBuffer();

/**
 * A 48 MP photo as a phone takes it (8000 x 6000, ~13 MB: under the 25 MB upload limit, which
 * `detailedJpeg`'s heavier noise goes past at this size).
 */
export const largePhoneJpeg = () => detailedJpeg(8000, 6000, { sigma: 20, quality: 80 });

/**
 * The same picture as other bytes: a JPEG comment right after the start marker. The server
 * processes it again (only identical bytes from the same account reuse stored files).
 */
export const withJpegComment = (jpeg: Uint8Array, text: string) => {
  const comment = Buffer.from(text, "latin1");
  const marker = Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]);
  return new Uint8Array(Buffer.concat([jpeg.subarray(0, 2), marker, comment, jpeg.subarray(2)]));
};

export const gifImage = () => solid(20, 20, "#ff00ff").gif().toBuffer();

/** The tag numbers in the first IFD of an EXIF block (0x8825 points to the GPS position). */
export const exifIfd0Tags = (exif: Buffer): number[] => {
  const tiff = exif.subarray(exif.toString("latin1", 0, 4) === "Exif" ? 6 : 0);
  const littleEndian = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (at: number) => (littleEndian ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (littleEndian ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  return Array.from({ length: u16(ifd0) }, (_, i) => u16(ifd0 + 2 + i * 12));
};

export const GPS_INFO_TAG = 0x8825;

/** A multipart body with one file, as a browser's file input sends it. */
export const photoForm = (
  bytes: Uint8Array<ArrayBuffer> | string,
  name = "photo.jpg",
  type = "image/jpeg",
) => {
  const form = new FormData();
  form.append("file", new File([bytes], name, { type }));
  return form;
};

const pngChunk = (type: string, data: Uint8Array) => {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  chunk.set(new TextEncoder().encode(type), 4);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, Bun.hash.crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
};

/**
 * A small PNG whose header declares `width` x `height` pixels (a decompression bomb's shape):
 * a few bytes on disk, gigabytes once decoded. Only the header is valid.
 */
export const pngDeclaring = (width: number, height: number) => {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(new Uint8Array(1024))),
    pngChunk("IEND", new Uint8Array()),
  ]);
};
