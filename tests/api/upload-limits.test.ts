// Uploads cannot exhaust the server: a per-user rate and storage quota, a pixel ceiling checked on
// the header, and a periodic sweep of uploads no program ever used.
import { afterEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { photos } from "../../db/schema";
import { runMaintenance } from "../../src/server/maintenance";
import { DEFAULT_PHOTO_LIMITS, UNSAVED_PHOTO_GRACE_MS } from "../../src/server/photos/service";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { emptyProgramInput } from "../../src/shared/schemas";
import { startTestApp, type TestApp } from "../support/test-app";
import { photoForm, pngDeclaring, pngImage } from "../support/test-images";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

let shade = 0;
const distinctPng = () => {
  shade += 1;
  return pngImage(64, 48, `#${(0x203040 + shade * 0x010203).toString(16).padStart(6, "0")}`);
};

test("parallel uploads past the hourly rate get 429 with Retry-After", async () => {
  app = await startTestApp({ photoLimits: { ...DEFAULT_PHOTO_LIMITS, uploadsPerHour: 3 } });
  const client = app.client();
  await client.signUp();
  const forms = await Promise.all(Array.from({ length: 5 }, async () => photoForm(await distinctPng())));
  const answers = await Promise.all(forms.map((form) => client.post("/api/photos", form)));
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses).toEqual([201, 201, 201, 429, 429]);
  const refused = answers.find((a) => a.status === 429);
  expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
});

test("an account's stored photos stop at its storage quota with a clear 413", async () => {
  const quota = 2500;
  app = await startTestApp({ photoLimits: { ...DEFAULT_PHOTO_LIMITS, storageBytesPerUser: quota } });
  const client = app.client();
  const { user } = await client.signUp();
  let refused: Awaited<ReturnType<typeof client.post>> | undefined;
  for (let i = 0; i < 20 && !refused; i++) {
    const res = await client.post("/api/photos", photoForm(await distinctPng()));
    if (res.status !== 201) refused = res;
  }
  expect(refused?.status).toBe(413);
  expect(refused?.json.message).toStartWith("Your photo storage is full");
  const stored = await app.db.select().from(photos).where(eq(photos.ownerId, user.id));
  expect(stored.length).toBeGreaterThan(0);
  expect(stored.reduce((sum, p) => sum + p.bytes, 0)).toBeLessThanOrEqual(quota);
});

test("an image over the print ceiling (81 megapixels) is refused from its header", async () => {
  app = await startTestApp();
  const client = app.client();
  await client.signUp();
  const res = await client.post("/api/photos", photoForm(pngDeclaring(9000, 9000), "big.png", "image/png"));
  expect(res.status).toBe(413);
  expect(res.json.message).toBe(
    "This image is too large in pixels (9000 x 9000). Please use a copy under 64 megapixels.",
  );
});

test("the periodic sweep removes uploads of accounts that never save, and keeps used photos", async () => {
  app = await startTestApp();
  const idle = app.client();
  await idle.signUp();
  const abandoned = (await idle.post("/api/photos", photoForm(await distinctPng()))).json;
  const active = app.client();
  await active.signUp();
  const used = (await active.post("/api/photos", photoForm(await distinctPng()))).json;
  await active.post("/api/programs", { ...emptyProgramInput(), mainPhotoUrl: used.url });

  const later = new Date(Date.now() + UNSAVED_PHOTO_GRACE_MS + 60_000);
  await runMaintenance({ db: app.db, storage: createLocalPhotoStorage(app.dataDir) }, later);
  expect((await idle.get(abandoned.url)).status).toBe(404);
  expect((await active.get(used.url)).status).toBe(200);
});
