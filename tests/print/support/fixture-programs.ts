import { afterAll, beforeAll } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ChromiumPrinter } from "../../../src/print/chromium-printer";
import type { PhotoAsset } from "../../../src/print/photo-assets";
import { renderProgramPdf } from "../../../src/print/render-program-pdf";
import { type Photo, type ProgramInput, programInputSchema } from "../../../src/shared/schemas";
import { makePhoto, memoryPhotoLoader } from "./photo-fixtures";

const FIXTURES = join(import.meta.dir, "../../../fixtures/programs");

/** short (name and dates only), typical (the sample with photos and tributes), long (every list overflowing). */
export const fixtureProgram = (name: "short" | "typical" | "long"): ProgramInput =>
  programInputSchema.parse(JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8")));

/** Print masters for every photo address the fixtures use: a portrait cover and eight 1200x1500 photos. */
export const fixturePhotos = async (): Promise<Record<string, PhotoAsset>> => {
  const photos: Record<string, PhotoAsset> = { "/api/photos/fixture-cover": await makePhoto(1600, 2000, 30) };
  for (let i = 1; i <= 8; i++) photos[`/api/photos/fixture-${i}`] = await makePhoto(1200, 1500, i * 40);
  return photos;
};

export const LONG_NAME = "Alexandrina Bartholomew-Fitzgerald Montgomery-Villanueva";

/** A six-line poem as scripture, its source on a line of its own. */
export const POEM_SCRIPTURE = [
  "Do not stand at my grave and weep;",
  "I am not there, I do not sleep.",
  "I am a thousand winds that blow,",
  "I am the diamond glints on snow,",
  "I am the sunlight on ripened grain,",
  "I am the gentle autumn rain.",
  "— Mary Elizabeth Frye",
].join("\n");

/**
 * The long program of issue 23: a long name, 8 reflection paragraphs, a six-line poem as
 * scripture, 8 tributes, 10 pallbearers and 8 photos; `variant` varies the text lengths so a
 * set of them exercises the planner's estimates (0 is the plain one).
 */
export const longFamilyProgram = (variant = 0): ProgramInput => {
  const typical = fixtureProgram("typical");
  const sentence = (i: number) =>
    `In ${1950 + i} she ${["planted a new row of roses", "taught a child to read", "baked for the church fair", "walked the long way home with Thomas"][i % 4]}, and the street still remembers it.`;
  const paragraph = (p: number) =>
    Array.from({ length: 3 + ((p + variant) % 4) }, (_, i) => sentence(p * 7 + i)).join(" ");
  return {
    ...typical,
    fullName: LONG_NAME,
    scripture: POEM_SCRIPTURE,
    lifeReflections: Array.from({ length: 8 }, (_, p) => paragraph(p)).join("\n\n"),
    tributes: Array.from({ length: 8 }, (_, t) => ({
      id: `t${t + 1}`,
      author: `Grandchild ${t + 1}`,
      relationship: t % 2 ? "Grandson" : "Granddaughter",
      message: Array.from({ length: 2 + ((t + variant) % 3) }, (_, i) => sentence(t * 5 + i)).join(" "),
    })),
    pallbearers: Array.from({ length: 10 }, (_, i) => `Pallbearer ${i + 1} Whitfield`).join("\n"),
    additionalPhotos: [
      ...typical.additionalPhotos,
      { ...(typical.additionalPhotos[0] as Photo), id: "p8", url: "/api/photos/fixture-8", order: 8 },
    ],
  };
};

/**
 * For a print test file: one printer and the fixture photos for all its tests, and `render` to
 * print a program with them.
 */
export const printWithFixturePhotos = () => {
  let printer: ChromiumPrinter;
  let photos: Record<string, PhotoAsset>;
  beforeAll(async () => {
    printer = new ChromiumPrinter();
    photos = await fixturePhotos();
  });
  afterAll(() => printer.close());
  return (program: ProgramInput, options: Parameters<typeof renderProgramPdf>[1] = {}) =>
    renderProgramPdf(program, { printer, photos: memoryPhotoLoader(photos).loader, ...options });
};
