import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { photos } from "../../db/schema";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import {
  detailedJpeg,
  exifIfd0Tags,
  GPS_INFO_TAG,
  gifImage,
  phoneJpeg,
  photoForm,
  pngDeclaring,
  pngImage,
  webpImage,
} from "../support/test-images";

let app: TestApp;
let owner: TestClient;

beforeAll(async () => {
  app = await startTestApp();
  owner = app.client();
  await owner.signUp();
});
afterAll(() => app.stop());

/** GET as raw bytes (the test client reads text). */
const download = async (client: TestClient, path: string) => {
  const response = await fetch(app.url + path, { headers: client.cookie ? { cookie: client.cookie } : {} });
  return {
    status: response.status,
    type: response.headers.get("content-type"),
    response,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
};

describe("POST /api/photos", () => {
  test("keeps a JPEG and answers its address and pixel size", async () => {
    const res = await owner.post("/api/photos", photoForm(await detailedJpeg(640, 480)));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(String),
      url: `/api/photos/${res.json.id}`,
      width: 640,
      height: 480,
    });

    const master = await download(owner, res.json.url);
    expect(master.status).toBe(200);
    expect(master.type).toBe("image/jpeg");
    expect(await sharp(master.bytes).metadata()).toMatchObject({ format: "jpeg", width: 640, height: 480 });
  });

  test("takes PNG and WebP, recognised by their bytes whatever the file is called", async () => {
    for (const [bytes, name] of [
      [await pngImage(300, 200), "scan.jpg"],
      [await webpImage(300, 200), "IMG_0001"],
    ] as const) {
      const res = await owner.post("/api/photos", photoForm(bytes, name, "application/octet-stream"));
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ width: 300, height: 200 });
    }
  });

  test("keeps a print master capped at 4000 px and a screen rendition for the builder", async () => {
    const res = await owner.post("/api/photos", photoForm(await detailedJpeg(5000, 2500)));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 4000, height: 2000 });

    const master = await download(owner, res.json.url);
    expect(await sharp(master.bytes).metadata()).toMatchObject({ width: 4000, height: 2000 });
    const screen = await download(owner, `${res.json.url}?rendition=screen`);
    expect(screen.type).toBe("image/webp");
    expect(await sharp(screen.bytes).metadata()).toMatchObject({ format: "webp", width: 1600, height: 800 });
    expect(screen.bytes.length).toBeLessThan(master.bytes.length);
  });

  test("turns the photo upright by its EXIF orientation", async () => {
    const res = await owner.post("/api/photos", photoForm(await phoneJpeg()));
    expect(res.json).toMatchObject({ width: 200, height: 400 });

    const { bytes } = await download(owner, res.json.url);
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [
      ...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3),
    ];
    const [r1, , b1] = pixel(100, 50);
    const [r2, , b2] = pixel(100, 350);
    expect(r1).toBeGreaterThan(200); // top: red
    expect(b1).toBeLessThan(60);
    expect(b2).toBeGreaterThan(200); // bottom: blue
    expect(r2).toBeLessThan(60);
    expect((await sharp(bytes).metadata()).orientation).toBeUndefined();
  });

  test("strips every bit of metadata, the GPS position above all, from both renditions", async () => {
    const upload = await phoneJpeg();
    const sent = await sharp(upload).metadata();
    expect(exifIfd0Tags(sent.exif as Buffer)).toContain(GPS_INFO_TAG); // the test photo does carry a location

    const res = await owner.post("/api/photos", photoForm(upload));
    for (const path of [res.json.url, `${res.json.url}?rendition=screen`]) {
      const { bytes } = await download(owner, path);
      const kept = await sharp(bytes).metadata();
      expect(kept.exif).toBeUndefined();
      expect(kept.xmp).toBeUndefined();
      expect(kept.iptc).toBeUndefined();
      expect(Buffer.from(bytes).includes("PhoneCo")).toBe(false);
    }
  });

  test("refuses text named photo.jpg with 415 'Please drop image files only'", async () => {
    const res = await owner.post("/api/photos", photoForm("these are not pixels", "photo.jpg", "image/jpeg"));
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({
      message: "Please drop image files only",
      code: "UNSUPPORTED_MEDIA_TYPE",
    });
  });

  test("refuses a PDF with 415", async () => {
    const pdf = "%PDF-1.4\n1 0 obj <</Type /Catalog>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n";
    const res = await owner.post("/api/photos", photoForm(pdf, "order-of-service.pdf", "application/pdf"));
    expect(res.status).toBe(415);
    expect(res.json.message).toBe("Please drop image files only");
  });

  test("refuses an image format the booklet does not take, naming the ones it does", async () => {
    const res = await owner.post("/api/photos", photoForm(await gifImage(), "animation.gif", "image/gif"));
    expect(res.status).toBe(415);
    expect(res.json.message).toBe("GIF images are not supported. Please use a JPG, PNG or WebP photo.");
  });

  test("a 20000x20000 PNG is a 413 saying it is too large in pixels, refused before decoding", async () => {
    const res = await owner.post(
      "/api/photos",
      photoForm(pngDeclaring(20000, 20000), "huge.png", "image/png"),
    );
    expect(res.status).toBe(413);
    expect(res.json.message).toStartWith("This image is too large in pixels (20000 x 20000).");
  });

  test("refuses a file over 25 MB with 413 and a clear message", async () => {
    const justOver = new Uint8Array(25 * 1024 * 1024 + 1);
    const res = await owner.post("/api/photos", photoForm(justOver));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message: "This photo is larger than 25 MB. Please choose a smaller copy.",
    });
  });

  test("a request without a file names the missing field", async () => {
    const form = new FormData();
    form.append("photo", "nothing here");
    const res = await owner.post("/api/photos", form);
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual([{ path: "file", message: "Please choose a photo to upload." }]);
  });

  test("a JSON body instead of a file is a 400 naming the field", async () => {
    const res = await owner.post("/api/photos", { file: "photo.jpg" });
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual([
      { path: "file", message: 'Please send the photo as multipart/form-data in the field "file".' },
    ]);
  });

  test("an upload from another site is refused with 403 and nothing is kept", async () => {
    const before = await rowCount(app.db, photos);
    const res = await owner.post("/api/photos", photoForm(await pngImage()), {
      origin: "https://evil.example",
    });
    expect(res.status).toBe(403);
    expect(await rowCount(app.db, photos)).toBe(before);
  });

  test("needs a signed-in user", async () => {
    const res = await app.client().post("/api/photos", photoForm(await pngImage()));
    expect(res.status).toBe(401);
  });

  test("the same file uploaded again is a new photo sharing the stored files", async () => {
    const bytes = await pngImage(120, 90, "#123456");
    const first = await owner.post("/api/photos", photoForm(bytes));
    const second = await owner.post("/api/photos", photoForm(bytes));
    expect(second.status).toBe(201);
    expect(second.json.id).not.toBe(first.json.id);
    expect(second.json).toMatchObject({ width: 120, height: 90 });
    const a = await download(owner, first.json.url);
    const b = await download(owner, second.json.url);
    expect(b.response.headers.get("etag")).toBe(a.response.headers.get("etag"));
  });

  test("another account's identical upload is processed anew, never answered from the first account's copy", async () => {
    const bytes = await pngImage(110, 70, "#654321");
    const first = await owner.post("/api/photos", photoForm(bytes));
    const [row] = await app.db.select().from(photos).where(eq(photos.id, first.json.id));
    // Take the stored files away: only an upload that really processes the bytes can answer them.
    const storage = createLocalPhotoStorage(app.dataDir);
    await storage.remove(row!.contentHash);
    await storage.remove(row!.screenHash);
    const other = app.client();
    await other.signUp();
    const second = await other.post("/api/photos", photoForm(bytes));
    expect(second.status).toBe(201);
    expect((await download(other, second.json.url)).response.status).toBe(200);
  });
});

describe("GET /api/photos/{id}", () => {
  let url: string;
  beforeAll(async () => {
    url = (await owner.post("/api/photos", photoForm(await pngImage(100, 100, "#abcdef")))).json.url;
  });

  test("another user gets 404", async () => {
    const stranger = app.client();
    await stranger.signUp();
    for (const path of [url, `${url}?rendition=screen`]) {
      const res = await stranger.get(path);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ message: "Photo not found", code: "NOT_FOUND" });
    }
  });

  test("a signed-out visitor gets 404 too, not a hint that it exists", async () => {
    const res = await app.client().get(url);
    expect(res.status).toBe(404);
  });

  test("an unknown id is 404", async () => {
    expect((await owner.get(`/api/photos/${crypto.randomUUID()}`)).status).toBe(404);
  });

  test("an unknown rendition is a 400 naming it", async () => {
    const res = await owner.get(`${url}?rendition=huge`);
    expect(res.status).toBe(400);
    expect(res.json.fields).toEqual([
      { path: "rendition", message: "rendition must be one of: print, screen" },
    ]);
  });

  test("is revalidated on every use and answers 304 when unchanged", async () => {
    const first = await download(owner, url);
    expect(first.response.headers.get("cache-control")).toBe("private, no-cache");
    const etag = first.response.headers.get("etag") ?? "";
    const again = await fetch(app.url + url, { headers: { cookie: owner.cookie, "if-none-match": etag } });
    expect(again.status).toBe(304);
  });
});
