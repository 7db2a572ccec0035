// GET /api/programs/batch/pdf: a batch's PDFs in one ZIP or one combined PDF, from the real
// print engine (Chromium), read back with fflate, pdf-lib and poppler's pdfinfo.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { closeSharedPrinter } from "../../src/print/render-program-pdf";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";

let app: TestApp;
let owner: TestClient;
let ids: string[] = [];

beforeAll(async () => {
  app = await startTestApp();
  owner = app.client();
  await owner.signUp();
  const created = await owner.post("/api/programs/batch", [
    { fullName: "Eleanor Whitfield", serviceDate: "2025-03-14T11:00", location: "St. Mary's Chapel" },
    { fullName: "José Núñez", serviceDate: "2025-03-16T14:00", colorTheme: "warm" },
    // Same person and day as the first: the archive must keep both files.
    { fullName: "Eleanor Whitfield", serviceDate: "2025-03-14T15:00", colorTheme: "ocean" },
  ]);
  ids = created.json.map((p: { id: string }) => p.id);
});
afterAll(async () => {
  await app.stop();
  await closeSharedPrinter();
});

const download = async (client: TestClient, query: string) => {
  const response = await fetch(`${app.url}/api/programs/batch/pdf?${query}`, {
    headers: { cookie: client.cookie },
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
};

const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

describe("GET /api/programs/batch/pdf", () => {
  test("answers one ZIP with one 8-page PDF per program, named by person and service date", async () => {
    const { response, bytes } = await download(owner, `ids=${ids.join(",")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="memorial-programs-.*\.zip"/,
    );
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual([
      "eleanor-whitfield-2025-03-14-2.pdf",
      "eleanor-whitfield-2025-03-14.pdf",
      "jose-nunez-2025-03-16.pdf",
    ]);
    for (const pdf of Object.values(files)) {
      expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
      expect(await pageCount(pdf)).toBe(8);
    }
  }, 60_000);

  test("combine=1 answers one PDF with every program's pages in order", async () => {
    const { response, bytes } = await download(owner, `ids=${ids.slice(0, 2).join(",")}&combine=1`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBe(16);
    // The print variant keeps its bleed size and trim box on every copied page.
    const page = pdf.getPage(9);
    expect(page.getSize()).toEqual({ width: 630, height: 810 });
    expect(page.getTrimBox()).toMatchObject({ x: 9, y: 9, width: 612, height: 792 });
  }, 60_000);

  test("a booklet variant is imposed two pages to a sheet", async () => {
    const { response, bytes } = await download(owner, `ids=${ids[0]}&variant=booklet-letter`);
    expect(response.status).toBe(200);
    const [name, pdf] = Object.entries(unzipSync(bytes))[0]!;
    expect(name).toBe("eleanor-whitfield-2025-03-14-booklet-letter.pdf");
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(4);
    expect(doc.getPage(0).getSize()).toEqual({ width: 792, height: 612 });
  }, 60_000);

  test("another user's program is a 404 and nothing is rendered; bad queries are 400s naming the field", async () => {
    const stranger = app.client();
    await stranger.signUp();
    const foreign = await download(stranger, `ids=${ids[0]}`);
    expect(foreign.response.status).toBe(404);

    const mixed = await download(owner, `ids=${ids[0]},not-a-program`);
    expect(mixed.response.status).toBe(404);

    for (const [query, path] of [
      ["ids=", "ids"],
      [`ids=${ids[0]}&variant=poster`, "variant"],
      [`ids=${ids[0]}&combine=yes`, "combine"],
    ] as const) {
      const bad = await download(owner, query);
      expect(bad.response.status).toBe(400);
      const body = JSON.parse(new TextDecoder().decode(bad.bytes));
      expect(body.fields[0].path).toBe(path);
    }
    const signedOut = await fetch(`${app.url}/api/programs/batch/pdf?ids=${ids[0]}`);
    expect(signedOut.status).toBe(401);
  }, 60_000);
});
