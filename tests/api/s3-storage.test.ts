// Photos in an S3-compatible bucket (S3_BUCKET): uploaded, read back and printed through the real
// API, with a local S3-protocol server (s3rver) and the real print engine.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { closeSharedPrinter } from "../../src/print/render-program-pdf";
import { loadConfig } from "../../src/server/config";
import { emptyProgramInput } from "../../src/shared/schemas";
import { startLocalS3 } from "../support/local-s3";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { detailedJpeg, photoForm } from "../support/test-images";

let s3: Awaited<ReturnType<typeof startLocalS3>>;
let app: TestApp;
let owner: TestClient;

beforeAll(async () => {
  s3 = await startLocalS3();
  app = await startTestApp({ env: s3.env });
  owner = app.client();
  await owner.signUp();
});
afterAll(async () => {
  await app.stop();
  await s3.stop();
  await closeSharedPrinter();
});

const bytesOf = async (path: string) => {
  const response = await fetch(app.url + path, { headers: { cookie: owner.cookie } });
  return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
};

/** Images embedded in a PDF, from poppler's pdfimages (two header lines, then one row each). */
const imageCount = (pdf: Uint8Array) =>
  Bun.spawnSync(["pdfimages", "-list", "-"], { stdin: pdf }).stdout.toString().trim().split("\n").length - 2;

const bucketKeys = async () =>
  ((await s3.client.list({ prefix: "photos/" })).contents ?? []).map((o) => o.key);

describe("photos in an S3-compatible bucket", () => {
  test("an upload lands in the bucket, not the data folder, and reads back whole", async () => {
    const before = await bucketKeys();
    const uploaded = await owner.post("/api/photos", photoForm(await detailedJpeg(800, 600)));
    expect(uploaded.status).toBe(201);

    const added = (await bucketKeys()).filter((key) => !before.includes(key));
    // The print master and the screen rendition, each under its hash with the two-letter fan-out.
    expect(added).toHaveLength(2);
    for (const key of added) expect(key).toMatch(/^photos\/([0-9a-f]{2})\/\1[0-9a-f]{62}$/);
    expect(existsSync(join(app.dataDir, "photos"))).toBe(false);

    const master = await bytesOf(uploaded.json.url);
    expect(master.status).toBe(200);
    const stored = await Promise.all(
      added.map(async (key) => new Uint8Array(await s3.client.file(key).arrayBuffer())),
    );
    expect(stored.some((bytes) => Buffer.from(bytes).equals(Buffer.from(master.bytes)))).toBe(true);
  });

  test("the same file uploaded by another account is kept once, and both read it back", async () => {
    const bytes = await detailedJpeg(500, 400);
    const first = await owner.post("/api/photos", photoForm(bytes));
    const keys = await bucketKeys();
    const other = app.client();
    await other.signUp();
    const second = await other.post("/api/photos", photoForm(bytes));
    expect(second.status).toBe(201);
    expect(await bucketKeys()).toEqual(keys);
    expect((await bytesOf(first.json.url)).status).toBe(200);
    const theirs = await fetch(app.url + second.json.url, { headers: { cookie: other.cookie } });
    expect(theirs.status).toBe(200);
  });

  test("a program prints with its cover photo read from the bucket", async () => {
    const uploaded = await owner.post("/api/photos", photoForm(await detailedJpeg(900, 700)));
    const program = await owner.post("/api/programs", {
      ...emptyProgramInput(),
      fullName: "Margaret Ellis",
      mainPhotoUrl: uploaded.json.url,
    });
    expect(program.status).toBe(201);

    const pdf = await bytesOf(`/api/programs/${program.json.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    expect(imageCount(pdf.bytes)).toBeGreaterThan(0);

    // Taken out of the bucket behind the app's back, the photo is no longer in the PDF: proof the
    // print engine reads it there.
    for (const key of await bucketKeys()) await s3.client.delete(key);
    const without = await bytesOf(`/api/programs/${program.json.id}/pdf`);
    expect(without.status).toBe(200);
    expect(imageCount(without.bytes)).toBe(0);
  });
});

describe("S3 settings", () => {
  test("a bucket needs both keys, and the keys need a bucket; each named", () => {
    expect(() => loadConfig({ S3_BUCKET: "photos" })).toThrow(/S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: "photos", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });

  test("without S3 settings photos stay on the local disk", () => {
    expect(loadConfig({}).s3).toBeUndefined();
  });
});
