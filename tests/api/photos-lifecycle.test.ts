import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { photos, programs } from "../../db/schema";
import {
  collectUnusedPhotos,
  createPhotoLoader,
  MISSING_PHOTO,
  REMOVED_PHOTO_GRACE_MS,
  UNSAVED_PHOTO_GRACE_MS,
} from "../../src/server/photos/service";
import { createLocalPhotoStorage } from "../../src/server/photos/storage";
import { emptyProgramInput, type Photo } from "../../src/shared/schemas";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { photoForm, pngImage } from "../support/test-images";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

const signedIn = async () => {
  const client = app.client();
  const { user } = await client.signUp();
  return { client, userId: user.id as string };
};

let shade = 0;
/** Uploads a distinct small image (distinct bytes, so distinct files). */
const upload = async (client: TestClient) => {
  shade += 1;
  const color = `#${(0x102030 + shade * 0x010101).toString(16).padStart(6, "0")}`;
  const res = await client.post(
    "/api/photos",
    photoForm(await pngImage(64, 48, color), "p.png", "image/png"),
  );
  expect(res.status).toBe(201);
  return res.json as { id: string; url: string; width: number; height: number };
};

const asPhoto = (
  uploaded: { id: string; url: string; width: number; height: number },
  order: number,
): Photo => ({
  id: uploaded.id,
  url: uploaded.url,
  caption: "",
  size: "medium",
  position: "life",
  order,
  width: uploaded.width,
  height: uploaded.height,
});

const photoDeps = () => ({ db: app.db, storage: createLocalPhotoStorage(app.dataDir) });
/** Runs the collector as if the removal grace period were over. */
const collectAfterGrace = (ownerId?: string) =>
  collectUnusedPhotos(photoDeps(), ownerId, new Date(Date.now() + REMOVED_PHOTO_GRACE_MS + 60_000));

const storedFiles = () => {
  const root = join(app.dataDir, "photos");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
};

describe("the 8-photo limit", () => {
  const photoList = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      asPhoto({ id: `p${i}`, url: `https://photos.example.com/p${i}.jpg`, width: 10, height: 10 }, i),
    );

  test("POST /api/programs refuses a 9th photo with 'Maximum 8 photos allowed' and writes nothing", async () => {
    const { client } = await signedIn();
    const res = await client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: photoList(9),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Maximum 8 photos allowed");
    expect(res.json.fields).toEqual([{ path: "additionalPhotos", message: "Maximum 8 photos allowed" }]);
    expect((await client.get("/api/programs")).json).toEqual([]);
  });

  test("PUT /api/programs/{id} refuses a 9th photo and keeps the 8", async () => {
    const { client } = await signedIn();
    const created = await client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: photoList(8),
    });
    expect(created.status).toBe(201);
    const res = await client.put(`/api/programs/${created.json.id}`, {
      ...emptyProgramInput(),
      additionalPhotos: photoList(9),
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Maximum 8 photos allowed");
    expect((await client.get(`/api/programs/${created.json.id}`)).json.additionalPhotos).toHaveLength(8);
  });
});

describe("removing photos removes their files after a grace period", () => {
  test("a photo taken out of a saved program is kept for the grace period, then deleted; the others stay", async () => {
    const { client, userId } = await signedIn();
    const [a, b] = [await upload(client), await upload(client)];
    const created = await client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(a, 0), asPhoto(b, 1)],
    });
    const draftOnly = await upload(client); // in the builder, not saved yet
    const before = storedFiles();

    const res = await client.put(`/api/programs/${created.json.id}`, {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(b, 0)],
    });
    expect(res.status).toBe(200);
    expect((await client.get(a.url)).status).toBe(200);
    expect(await collectUnusedPhotos(photoDeps(), userId)).toEqual([]);
    expect((await client.get(draftOnly.url)).status).toBe(200);
    // By then the unsaved upload's own grace period is over too.
    expect((await collectAfterGrace(userId)).sort()).toEqual([a.id, draftOnly.id].sort());
    expect((await client.get(a.url)).status).toBe(404);
    expect(storedFiles()).toBe(before - 4); // master and screen rendition of each
    expect((await client.get(b.url)).status).toBe(200);
  });

  test("the main photo counts as used", async () => {
    const { client, userId } = await signedIn();
    const cover = await upload(client);
    const created = await client.post("/api/programs", { ...emptyProgramInput(), mainPhotoUrl: cover.url });
    await client.put(`/api/programs/${created.json.id}`, { ...emptyProgramInput(), mainPhotoUrl: cover.url });
    expect((await client.get(cover.url)).status).toBe(200);
    await client.put(`/api/programs/${created.json.id}`, emptyProgramInput());
    expect(await collectAfterGrace(userId)).toEqual([cover.id]);
    expect((await client.get(cover.url)).status).toBe(404);
  });

  test("deleting a program deletes its photos unless another program shows them", async () => {
    const { client, userId } = await signedIn();
    const [shared, own] = [await upload(client), await upload(client)];
    const first = await client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(shared, 0), asPhoto(own, 1)],
    });
    await client.post("/api/programs", { ...emptyProgramInput(), additionalPhotos: [asPhoto(shared, 0)] });
    const before = storedFiles();

    expect((await client.delete(`/api/programs/${first.json.id}`)).status).toBe(200);
    expect(await collectAfterGrace(userId)).toEqual([own.id]);
    expect((await client.get(own.url)).status).toBe(404);
    expect((await client.get(shared.url)).status).toBe(200);
    expect(storedFiles()).toBe(before - 2);
  });

  test("a file another account uploaded too stays while that account's photo exists", async () => {
    const one = await signedIn();
    const two = await signedIn();
    const bytes = await pngImage(50, 50, "#0a0b0c");
    const mine = (await one.client.post("/api/photos", photoForm(bytes))).json;
    const theirs = (await two.client.post("/api/photos", photoForm(bytes))).json;
    const program = await one.client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(mine, 0)],
    });
    await one.client.delete(`/api/programs/${program.json.id}`);
    expect(await collectAfterGrace(one.userId)).toEqual([mine.id]);
    expect((await one.client.get(mine.url)).status).toBe(404);
    expect((await two.client.get(theirs.url)).status).toBe(200);
  });

  test("a failed save (9 photos) deletes nothing", async () => {
    const { client } = await signedIn();
    const kept = await upload(client);
    const created = await client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(kept, 0)],
    });
    const nine = Array.from({ length: 9 }, (_, i) => asPhoto({ ...kept, id: `x${i}` }, i));
    expect((await client.put(`/api/programs/${created.json.id}`, { additionalPhotos: nine })).status).toBe(
      400,
    );
    expect((await client.get(kept.url)).status).toBe(200);
  });

  test("uploads never saved in a program are collected only after the grace period", async () => {
    const { client, userId } = await signedIn();
    const abandoned = await upload(client);
    expect(await collectUnusedPhotos(photoDeps(), userId, new Date(Date.now() + 60_000))).toEqual([]);
    const later = new Date(Date.now() + UNSAVED_PHOTO_GRACE_MS + 60_000);
    expect(await collectUnusedPhotos(photoDeps(), userId, later)).toEqual([abandoned.id]);
    expect((await client.get(abandoned.url)).status).toBe(404);
  });
});

describe("no save can point at a photo that is gone", () => {
  test("a stale tab saving a removed photo back within the grace period keeps it", async () => {
    const { client, userId } = await signedIn();
    const photo = await upload(client);
    const created = await client.post("/api/programs", {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(photo, 0)],
    });
    await client.put(`/api/programs/${created.json.id}`, emptyProgramInput());
    // The other tab still shows the photo and saves.
    const stale = await client.put(`/api/programs/${created.json.id}`, {
      ...emptyProgramInput(),
      additionalPhotos: [asPhoto(photo, 0)],
    });
    expect(stale.status).toBe(200);
    expect(await collectAfterGrace(userId)).toEqual([]);
    expect((await client.get(photo.url)).status).toBe(200);
  });

  test("a save showing a deleted or someone else's photo is refused naming the field, and writes nothing", async () => {
    const { client, userId } = await signedIn();
    const gone = await upload(client);
    expect((await client.delete(`/api/photos/${gone.id}`)).status).toBe(200);
    const { client: stranger } = await signedIn();
    const theirs = await upload(stranger);
    const res = await client.post("/api/programs", {
      ...emptyProgramInput(),
      mainPhotoUrl: theirs.url,
      additionalPhotos: [asPhoto(gone, 0)],
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(MISSING_PHOTO);
    expect(res.json.fields).toEqual([
      { path: "mainPhotoUrl", message: MISSING_PHOTO },
      { path: "additionalPhotos.0.url", message: MISSING_PHOTO },
    ]);
    expect(await app.db.select().from(programs).where(eq(programs.ownerId, userId))).toEqual([]);
  });
});

describe("DELETE /api/photos/{id}", () => {
  test("deletes a photo no program uses, files included", async () => {
    const { client } = await signedIn();
    const photo = await upload(client);
    const before = storedFiles();
    expect((await client.delete(`/api/photos/${photo.id}`)).status).toBe(200);
    expect((await client.get(photo.url)).status).toBe(404);
    expect(storedFiles()).toBe(before - 2);
  });

  test("refuses with 409 while a saved program shows it", async () => {
    const { client } = await signedIn();
    const photo = await upload(client);
    await client.post("/api/programs", { ...emptyProgramInput(), additionalPhotos: [asPhoto(photo, 0)] });
    const res = await client.delete(`/api/photos/${photo.id}`);
    expect(res.status).toBe(409);
    expect(res.json.message).toBe(
      "This photo is still used by a saved program. Remove it there and save first.",
    );
    expect((await client.get(photo.url)).status).toBe(200);
  });

  test("another user's photo is a 404 and stays", async () => {
    const { client } = await signedIn();
    const photo = await upload(client);
    const { client: stranger } = await signedIn();
    expect((await stranger.delete(`/api/photos/${photo.id}`)).status).toBe(404);
    expect((await client.get(photo.url)).status).toBe(200);
  });
});

describe("createPhotoLoader (for the print pipeline)", () => {
  test("gives the owner's print master for its address, and nothing for anyone else's", async () => {
    const { client, userId } = await signedIn();
    const { userId: strangerId } = await signedIn();
    const photo = await upload(client);
    const deps = { db: app.db, storage: createLocalPhotoStorage(app.dataDir) };

    const asset = await createPhotoLoader(deps, userId)(photo.url);
    expect(asset).toMatchObject({ contentType: "image/jpeg", width: 64, height: 48 });
    expect(asset?.body.slice(0, 3)).toEqual(new Uint8Array([0xff, 0xd8, 0xff])); // a JPEG
    expect(
      await createPhotoLoader(deps, userId)(`http://print.invalid${photo.url}?rendition=screen`),
    ).toMatchObject({
      width: 64,
    });

    expect(await createPhotoLoader(deps, strangerId)(photo.url)).toBeUndefined();
    expect(await createPhotoLoader(deps, userId)(`/api/photos/${crypto.randomUUID()}`)).toBeUndefined();
    expect(await createPhotoLoader(deps, userId)("https://example.com/cat.jpg")).toBeUndefined();
  });

  test("the database row records owner, hashes, size and type", async () => {
    const { client, userId } = await signedIn();
    const photo = await upload(client);
    const [row] = await app.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row).toMatchObject({
      ownerId: userId,
      width: 64,
      height: 48,
      mime: "image/jpeg",
      referencedAt: null,
    });
    expect(row?.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});
