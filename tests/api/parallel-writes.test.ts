// Rules read and then written (a plan's program limit, an account's webhook endpoints, a photo no
// saved program shows) must hold when the requests arrive together. On SQLite writes take turns;
// on PostgreSQL (this file runs on both) each transaction holds the account while it decides.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { errorReports, photos, programs, webhookEndpoints } from "../../db/schema";
import { recordErrorReport } from "../../src/server/chatbot/service";
import { collectUnusedPhotos, uploadPhoto } from "../../src/server/photos/service";
import { createLocalPhotoStorage, type PhotoStorage } from "../../src/server/photos/storage";
import { errorReportSchema } from "../../src/shared/chatbot";
import { sampleProgram } from "../../src/shared/sample-program";
import { endTrial, rowCount } from "../support/db-snapshot";
import { startTestApp, type TestApp } from "../support/test-app";
import { photoForm, pngImage } from "../support/test-images";

const DAY_MS = 24 * 60 * 60 * 1000;
const FREE_PROGRAMS = 3;
const MAX_ENDPOINTS = 10;

let app: TestApp;
beforeAll(async () => {
  // Billing on, so the Free plan's program limit applies; loopback endpoints allowed.
  app = await startTestApp({ env: { STRIPE_SECRET_KEY: "sk_test_unused", WEBHOOKS_ALLOW_LOOPBACK: "1" } });
});
afterAll(() => app.stop());

const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort();

test("parallel creates on the Free plan stop at its program limit", async () => {
  const client = app.client();
  const { user } = await client.signUp();
  await endTrial(app.db, user.id);
  expect((await client.post("/api/programs", { fullName: "First" })).status).toBe(201);

  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => client.post("/api/programs", { fullName: `P${i}` })),
  );
  expect(statuses(answers)).toEqual([201, 201, 402, 402, 402, 402, 402, 402]);
  expect(await rowCount(app.db, programs, eq(programs.ownerId, user.id))).toBe(FREE_PROGRAMS);
});

test("parallel webhook endpoints stop at the account's limit", async () => {
  const client = app.client();
  const { user } = await client.signUp();
  const answers = await Promise.all(
    Array.from({ length: MAX_ENDPOINTS + 4 }, (_, i) =>
      client.post("/api/integration/webhooks", { url: `http://127.0.0.1:9/hook-${i}` }),
    ),
  );
  expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_ENDPOINTS);
  for (const refused of answers.filter((r) => r.status !== 201)) {
    expect(refused.status).toBe(400);
    expect(refused.json.fields[0].path).toBe("url");
  }
  expect(await rowCount(app.db, webhookEndpoints, eq(webhookEndpoints.ownerId, user.id))).toBe(MAX_ENDPOINTS);
});

test("a photo deleted while a save starts showing it: one of the two is refused, never both done", async () => {
  const client = app.client();
  await client.signUp();
  const program = await client.post("/api/programs", { ...sampleProgram, mainPhotoUrl: "" });
  expect(program.status).toBe(201);
  for (let round = 0; round < 6; round++) {
    const photo = await client.post(
      "/api/photos",
      photoForm(await pngImage(64, 48, `#3${round}5070`), "p.png", "image/png"),
    );
    expect(photo.status).toBe(201);
    const [saved, deleted] = await Promise.all([
      client.put(`/api/programs/${program.json.id}`, { ...sampleProgram, mainPhotoUrl: photo.json.url }),
      client.delete(`/api/photos/${photo.json.id}`),
    ]);
    // Either the save came first (the delete is refused: a saved program shows it) or the delete
    // did (the save is refused: the photo is gone).
    expect([saved.status, deleted.status].sort()).toContainEqual(200);
    if (saved.status === 200) expect(deleted.status).toBe(409);
    else expect(saved.status).toBe(400);
    // What the program shows is there.
    const shown = (await client.get(`/api/programs/${program.json.id}`)).json.mainPhotoUrl as string;
    if (shown) expect((await client.get(shown)).status).toBe(200);
  }
});

test("a photo's files removed by the sweep while another account uploads the same bytes: the new photo keeps its files", async () => {
  const [first, second] = [app.client(), app.client()];
  const [{ user: leaving }, { user: arriving }] = [await first.signUp(), await second.signUp()];
  const disk = createLocalPhotoStorage(app.dataDir);
  // The sweep's removal is slowed and announced, so the upload lands in the middle of it.
  const removing = Promise.withResolvers<void>();
  const storage: PhotoStorage = {
    ...disk,
    async remove(hash) {
      removing.resolve();
      await Bun.sleep(300);
      await disk.remove(hash);
    },
  };
  const deps = { db: app.db, storage };
  const bytes = await pngImage(320, 240, "#5a6b7c");
  // Uploaded 8 days ago and never shown: the sweep deletes it, files included.
  await uploadPhoto(deps, leaving.id, bytes, new Date(Date.now() - 8 * DAY_MS));

  const sweep = collectUnusedPhotos(deps);
  await removing.promise;
  const uploaded = await uploadPhoto(deps, arriving.id, bytes);
  await sweep;

  const [row] = await app.db.select().from(photos).where(eq(photos.id, uploaded.id));
  expect(row).toBeDefined();
  expect(await disk.get(row?.contentHash as string)).toBeDefined();
  expect(await disk.get(row?.screenHash as string)).toBeDefined();
  expect((await second.get(uploaded.url)).status).toBe(200);
});

test("the same error reported at the same moment many times is one report, counted each time", async () => {
  const client = app.client();
  const { user } = await client.signUp();
  const report = {
    error: "Failed to fetch",
    context: { currentPage: "/program-builder", type: "fetch-error", statusCode: 503, userAgent: "test" },
    autoReport: true,
  };
  // Straight to the service, as many servers at once would: the chat limiter would space requests out.
  const answers = await Promise.all(
    Array.from({ length: 20 }, () =>
      recordErrorReport(app.db, { userId: user.id }, errorReportSchema.parse(report)),
    ),
  );
  expect(new Set(answers.map((answer) => answer.reportId)).size).toBe(1);
  const rows = await app.db.select().from(errorReports).where(eq(errorReports.userId, user.id));
  expect(rows).toHaveLength(1);
  expect(rows[0]?.count).toBe(20);
  // And through the API, once more on the same row.
  const again = await client.post("/api/chatbot/error-report", report);
  expect(again.json.reportId).toBe(answers[0]?.reportId);
});
