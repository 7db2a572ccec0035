// GET /api/programs/{id}/pdf through the real server, database and Chromium.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { eq } from "drizzle-orm";
import { closeDatabase, openDatabase, write } from "../../db/client";
import { users } from "../../db/schema";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { WATERMARK_TEXT } from "../../src/print/render-program-pdf";
import { loadConfig } from "../../src/server/config";
import { needsWatermark } from "../../src/server/print/watermark";
import { accountQuotaFrom, createProgram } from "../../src/server/programs/service";
import { startServer } from "../../src/server/serve";
import { programInputSchema, type User } from "../../src/shared/schemas";
import { endTrial } from "../support/db-snapshot";
import { makeTempDir, TestClient } from "../support/test-app";
import { fixturePhotos, fixtureProgram } from "./support/fixture-programs";
import { pdfFonts, pdfInfo, pdfRawLetters } from "./support/pdf-tools";
import { memoryPhotoLoader } from "./support/photo-fixtures";

const dataDir = makeTempDir();
const db = openDatabase(dataDir);
const printer = new ChromiumPrinter();
let url = "";
let stop: () => Promise<void>;
const owners: string[] = [];

beforeAll(async () => {
  const photos = await fixturePhotos();
  // Billing on (plans enforced); nothing here reaches Stripe.
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    MEMORIAL_DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: "sk_test_unused",
  });
  const running = startServer({
    config,
    db,
    printer,
    photoLoaderFor: (ownerId) => {
      owners.push(ownerId);
      return memoryPhotoLoader(photos).loader;
    },
  });
  url = `http://127.0.0.1:${running.server.port}`;
  stop = () => running.stop(true);
});

afterAll(async () => {
  await stop();
  await printer.close();
  await closeDatabase(db);
  rmSync(dataDir, { recursive: true, force: true });
});

// Written straight to the database: its photo addresses are answered by the in-memory loader, so
// there are no stored photos for the save route's existence check to find.
const signedUpWithProgram = async (program = fixtureProgram("typical")) => {
  const client = new TestClient(url);
  const account = await client.signUp();
  const created = await write(db, (tx) =>
    createProgram(tx, account.user.id, programInputSchema.parse(program), accountQuotaFrom(loadConfig({}))),
  );
  return { client, account, id: created.id };
};

const download = async (client: TestClient, path: string) => {
  const response = await fetch(url + path, { headers: { cookie: client.cookie } });
  return { response, pdf: new Uint8Array(await response.arrayBuffer()) };
};

test("the owner downloads the print PDF with a sensible file name and their photos", async () => {
  const { client, account, id } = await signedUpWithProgram();
  const { response, pdf } = await download(client, `/api/programs/${id}/pdf`);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  expect(response.headers.get("content-disposition")).toContain('filename="Eleanor-Whitfield-program.pdf"');
  const info = pdfInfo(pdf);
  expect(info.pages).toBe(8);
  expect(info.trimBox).toEqual([9, 9, 621, 801]);
  expect(pdfFonts(pdf).every((f) => f.embedded)).toBe(true);
  expect(owners).toContain(account.user.id);
}, 60_000);

test("each variant and crop marks are served", async () => {
  const { client, id } = await signedUpWithProgram(fixtureProgram("short"));
  const sizes: Record<string, number[]> = {
    pages: [0, 0, 612, 792],
    "booklet-letter": [0, 0, 792, 612],
    "booklet-tabloid": [0, 0, 1224, 792],
  };
  for (const [variant, mediaBox] of Object.entries(sizes)) {
    const { response, pdf } = await download(client, `/api/programs/${id}/pdf?variant=${variant}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toContain(`Ana-Lee-program-${variant}.pdf`);
    expect(pdfInfo(pdf).mediaBox).toEqual(mediaBox);
  }
  const marked = await download(client, `/api/programs/${id}/pdf?variant=print&marks=1`);
  expect(pdfInfo(marked.pdf).mediaBox).toEqual([0, 0, 702, 882]);
}, 60_000);

test("another user's program is a 404, a signed-out request a 401, a bad variant a 400 naming it", async () => {
  const { client, id } = await signedUpWithProgram(fixtureProgram("short"));
  const stranger = new TestClient(url);
  await stranger.signUp();
  expect((await stranger.get(`/api/programs/${id}/pdf`)).status).toBe(404);
  expect((await new TestClient(url).get(`/api/programs/${id}/pdf`)).status).toBe(401);
  const bad = await client.get(`/api/programs/${id}/pdf?variant=poster`);
  expect(bad.status).toBe(400);
  expect(bad.json.fields[0].path).toBe("variant");
  expect(bad.json.message).toContain("variant must be one of: print, pages, booklet-letter, booklet-tabloid");
  const badMarks = await client.get(`/api/programs/${id}/pdf?marks=yes`);
  expect(badMarks.status).toBe(400);
  expect(badMarks.json.fields[0].path).toBe("marks");
});

test("free accounts get the watermark only after the 14-day trial", async () => {
  const { client, account, id } = await signedUpWithProgram(fixtureProgram("short"));
  const letters = WATERMARK_TEXT.replace(/\s+/g, "");
  const duringTrial = await download(client, `/api/programs/${id}/pdf?variant=pages`);
  expect(pdfRawLetters(duringTrial.pdf)).not.toContain(letters);

  await endTrial(db, account.user.id);
  const afterTrial = await download(client, `/api/programs/${id}/pdf?variant=pages`);
  expect(pdfRawLetters(afterTrial.pdf, 1)).toContain(letters);

  await write(db, (tx) =>
    tx.update(users).set({ subscriptionTier: "basic" }).where(eq(users.id, account.user.id)),
  );
  const paid = await download(client, `/api/programs/${id}/pdf?variant=pages`);
  expect(pdfRawLetters(paid.pdf)).not.toContain(letters);
}, 60_000);

test("needsWatermark: free and past the trial end only, and never when billing is off", () => {
  const now = new Date("2025-06-15T00:00:00Z");
  const user = (
    subscriptionTier: User["subscriptionTier"],
    trialEndsAt: string,
    billingEnabled = true,
  ): User => ({
    id: "u1",
    firstName: "Ada",
    lastName: "Lovelace",
    email: "ada@example.com",
    subscriptionTier,
    trialStartedAt: "2025-05-01T00:00:00Z",
    trialEndsAt,
    billingEnabled,
  });
  expect(needsWatermark(user("free", "2025-06-14T00:00:00Z"), now)).toBe(true);
  expect(needsWatermark(user("free", "2025-06-16T00:00:00Z"), now)).toBe(false);
  expect(needsWatermark(user("pro", "2025-06-14T00:00:00Z"), now)).toBe(false);
  expect(needsWatermark(user("free", "2025-06-14T00:00:00Z", false), now)).toBe(false);
});

test("cmyk=1 is prepared in the background, then served as a CMYK PDF with its boxes", async () => {
  const { client, id } = await signedUpWithProgram(fixtureProgram("short"));
  const first = await client.get(`/api/programs/${id}/pdf?cmyk=1`);
  expect(first.status).toBe(202);
  expect(first.json.status).toBe("preparing");
  let pdf: Uint8Array | undefined;
  for (let i = 0; i < 120 && !pdf; i++) {
    await Bun.sleep(500);
    const { response, pdf: body } = await download(client, `/api/programs/${id}/pdf?cmyk=1`);
    if (response.status === 200) {
      expect(response.headers.get("content-disposition")).toContain("Ana-Lee-program-cmyk.pdf");
      pdf = body;
    } else expect(response.status).toBe(202);
  }
  expect(pdf).toBeDefined();
  const info = pdfInfo(pdf!);
  expect(info.pages).toBe(8);
  expect(info.trimBox).toEqual([9, 9, 621, 801]);
  const raw = new TextDecoder("latin1").decode(pdf!);
  expect(raw).not.toContain("/DeviceRGB");
  for (const font of pdfFonts(pdf!)) {
    expect(font.embedded).toBe(true);
    expect(font.type).not.toContain("Type 3");
  }
  // Another user cannot reach the prepared file.
  const stranger = new TestClient(url);
  await stranger.signUp();
  expect((await stranger.get(`/api/programs/${id}/pdf?cmyk=1`)).status).toBe(404);
}, 90_000);
