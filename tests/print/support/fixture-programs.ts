import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { PhotoAsset } from "../../../src/print/photo-assets";
import { type ProgramInput, programInputSchema } from "../../../src/shared/schemas";
import { makePhoto } from "./photo-fixtures";

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
