// What every built way of serving Keepsake (`bun run start`, the compiled binary) must do with the
// files it carries at run time: photos (sharp), booklet fonts, the CMYK path, batch downloads and
// the grammar checker's WebAssembly. The source tree can pass all of this while a bundle fails.
import { expect } from "bun:test";
import { unzipSync } from "fflate";
import { sampleProgram } from "../../src/shared/sample-program";
import { pdfFonts, pdfInfo } from "../print/support/pdf-tools";
import { detailedJpeg, photoForm } from "./test-images";

const LETTER_TRIM = [0, 0, 612, 792];

const asPdf = async (response: Response) => {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/pdf");
  return new Uint8Array(await response.arrayBuffer());
};

/** Every font is embedded, none rasterised to Type 3, and the booklet's own font is among them. */
const expectBookletFonts = (pdf: Uint8Array, family: string) => {
  const fonts = pdfFonts(pdf);
  expect(fonts.length).toBeGreaterThan(0);
  expect(fonts.every((font) => font.embedded)).toBe(true);
  expect(fonts.some((font) => font.type.includes("Type 3"))).toBe(false);
  expect(fonts.some((font) => font.name.includes(family))).toBe(true);
};

/** A 202 "preparing" answer is polled until the PDF is ready, as the builder does. */
const fetchWhenReady = async (url: string, cookie: string, attempts = 60) => {
  for (let i = 0; i < attempts; i++) {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 202) return response;
    await Bun.sleep(1000);
  }
  throw new Error(`${url} was still preparing after ${attempts} s`);
};

/** Uploads a photo, saves a program with it and reads back every PDF variant and batch download. */
export const expectBuiltAppPrints = async (base: string, cookie: string) => {
  const upload = await fetch(`${base}/api/photos`, {
    method: "POST",
    headers: { cookie, origin: base },
    body: photoForm(await detailedJpeg(1200, 900), "grandma.jpg", "image/jpeg"),
  });
  expect(upload.status).toBe(201);
  const photo = (await upload.json()) as { url: string };
  const program = {
    ...sampleProgram(),
    fullName: "Łukasz Dvořák",
    fontStyle: "georgia",
    mainPhotoUrl: photo.url,
    additionalPhotos: [
      { id: "p1", url: photo.url, caption: "At the lake", size: "large", position: "life", order: 0 },
    ],
  };
  const created = await fetch(`${base}/api/programs`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify(program),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const pdfUrl = (query: string) => `${base}/api/programs/${id}/pdf?${query}`;

  const print = await asPdf(await fetch(pdfUrl("variant=print&marks=1"), { headers: { cookie } }));
  const printInfo = pdfInfo(print);
  expect(printInfo.pages % 4).toBe(0);
  expect(printInfo.trimBox.map((n) => Math.round(n - (printInfo.trimBox[0] ?? 0)))).toEqual(LETTER_TRIM);
  expect(printInfo.bleedBox[2]! - printInfo.bleedBox[0]!).toBeCloseTo(612 + 18, 0);
  expectBookletFonts(print, "Gelasio");

  const pages = await asPdf(await fetch(pdfUrl("variant=pages"), { headers: { cookie } }));
  expect(pdfInfo(pages).mediaBox).toEqual(LETTER_TRIM);
  expectBookletFonts(pages, "Gelasio");

  for (const [variant, sheet] of [
    ["booklet-letter", "792 x 612"],
    ["booklet-tabloid", "1224 x 792"],
  ] as const) {
    const booklet = await asPdf(await fetch(pdfUrl(`variant=${variant}`), { headers: { cookie } }));
    expect(pdfInfo(booklet).pageSize).toContain(sheet);
    expectBookletFonts(booklet, "Gelasio");
  }

  const cmyk = await asPdf(await fetchWhenReady(pdfUrl("variant=print&cmyk=1"), cookie));
  expect(pdfInfo(cmyk).pages).toBe(printInfo.pages);

  const zip = await fetch(`${base}/api/programs/batch/pdf?ids=${id}`, { headers: { cookie } });
  expect(zip.status).toBe(200);
  const files = Object.values(unzipSync(new Uint8Array(await zip.arrayBuffer())));
  expect(files).toHaveLength(1);
  expectBookletFonts(files[0]!, "Gelasio");
  const combined = await asPdf(
    await fetch(`${base}/api/programs/batch/pdf?ids=${id}&combine=1`, { headers: { cookie } }),
  );
  expect(pdfInfo(combined).pages).toBe(printInfo.pages);

  // The grammar checker loads harper's WebAssembly from the bundle's own folder.
  const grammar = await fetch(`${base}/api/writing/check-grammar`, {
    method: "POST",
    headers: { cookie, origin: base, "content-type": "application/json" },
    body: JSON.stringify({ text: "She were a wonderful cook." }),
  });
  expect(grammar.status).toBe(200);
  expect(((await grammar.json()) as { improvedText: string }).improvedText).toContain("She was");
};
