// The print master reaches the PDF: a large enough photo prints sharp at its placed size.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { emptyProgramInput } from "../../src/shared/schemas";
import { makeTempDir, startTestApp, type TestApp } from "../support/test-app";
import { detailedJpeg, photoForm } from "../support/test-images";

const PDF_PATH = (id: string) => `/api/programs/${id}/pdf`;

type PdfImage = { page: number; width: number; height: number; enc: string; xPpi: number; yPpi: number };

/** `pdfimages -list`: every image drawn in the PDF, with its pixel size and resolution as placed. */
const listPdfImages = (pdf: Uint8Array): PdfImage[] => {
  const file = join(makeTempDir("keepsake-pdfimages-"), "program.pdf");
  writeFileSync(file, pdf);
  const out = Bun.spawnSync(["pdfimages", "-list", file]).stdout.toString();
  return out
    .split("\n")
    .slice(2)
    .filter((line) => line.trim() !== "")
    .map((line) => line.trim().split(/\s+/))
    .map((c) => ({
      page: Number(c[0]),
      width: Number(c[3]),
      height: Number(c[4]),
      enc: c[8] ?? "",
      xPpi: Number(c[12]),
      yPpi: Number(c[13]),
    }));
};

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

test("a 3000x3600 photo prints from its master at 250+ ppi", async () => {
  const client = app.client();
  await client.signUp();
  const upload = await client.post("/api/photos", photoForm(await detailedJpeg(3000, 3600)));
  expect(upload.json).toMatchObject({ width: 3000, height: 3600 });
  // The inside page takes the first three photos small; the fourth fills the photo memories page.
  const small = await client.post("/api/photos", photoForm(await detailedJpeg(600, 400)));
  const fillers = [0, 1, 2].map((order) => ({
    ...small.json,
    caption: "",
    size: "small",
    position: "life",
    order,
  }));
  const photo = { ...upload.json, caption: "At the lake", size: "full", position: "life", order: 3 };
  const program = await client.post("/api/programs", {
    ...emptyProgramInput(),
    fullName: "Eleanor Grace Whitfield",
    additionalPhotos: [...fillers, photo],
  });

  const res = await fetch(app.url + PDF_PATH(program.json.id), { headers: { cookie: client.cookie } });
  expect(res.status).toBe(200);
  const images = listPdfImages(new Uint8Array(await res.arrayBuffer()));
  // The engine resamples the print master to 300 dpi at its placed size: the photo must come out
  // sharper than the 1600 px screen copy could ever print, and as a JPEG.
  const placed = images.filter((i) => Math.max(i.width, i.height) > 1600);
  expect(placed.length).toBeGreaterThan(0);
  for (const image of placed) {
    expect(image.enc).toBe("jpeg");
    expect(Math.min(image.xPpi, image.yPpi)).toBeGreaterThanOrEqual(250);
  }
}, 60_000);
