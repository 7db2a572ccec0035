// What View Examples adds to the sample program so a family sees a finished booklet: photos
// (artwork drawn for Keepsake, src/print/booklet/example-photos) and tributes.
import type { Photo, ProgramInput, Tribute } from "./schemas";

/** Pixel sizes of the example photos, by name (their address is /assets/examples/{name}.jpg). */
export const EXAMPLE_PHOTO_SIZES: Record<string, { width: number; height: number }> = {
  "dawn-hills": { width: 1400, height: 1720 },
  "dusk-roses": { width: 1400, height: 1750 },
  garden: { width: 1750, height: 1400 },
  "lemon-branch": { width: 1680, height: 2100 },
  "still-lake": { width: 1750, height: 1400 },
};

export const examplePhotoUrl = (name: string) => `/assets/examples/${name}.jpg`;

const photo = (
  name: string,
  order: number,
  position: Photo["position"],
  caption: string,
  size: Photo["size"] = "medium",
): Photo => ({
  id: `example-${name}`,
  url: examplePhotoUrl(name),
  caption,
  size,
  position,
  order,
  ...EXAMPLE_PHOTO_SIZES[name],
});

const EXAMPLE_PHOTOS: Photo[] = [
  photo("dawn-hills", 1, "cover", ""),
  photo("garden", 2, "life", "Her garden on Elm Street"),
  photo("still-lake", 3, "tribute", "Summers at Willow Lake", "large"),
  photo("lemon-branch", 4, "tribute", "The lemon tree she planted in 1962"),
  photo("dusk-roses", 5, "memorial", "Forever in our hearts"),
];

const EXAMPLE_TRIBUTES: Tribute[] = [
  {
    id: "example-t1",
    author: "James Whitfield",
    relationship: "Son",
    message:
      "Mom taught me that kindness is a daily practice, not a grand gesture. Every note she tucked into my lunchbox said the same thing in different words: you are loved.",
  },
  {
    id: "example-t2",
    author: "Sofía Ortiz",
    relationship: "Neighbour",
    message:
      "For thirty years Eleanor's garden fed our family as much as hers. She never let a tomato go to waste or a neighbour go without.",
  },
  {
    id: "example-t3",
    author: "Łukasz Dvořák",
    relationship: "Former student",
    message:
      "Mrs. Whitfield was the first teacher who made me believe I belonged. I still have the bookmark she gave me in 1979.",
  },
];

/** The program with the example's photos and tributes where it has none of its own. */
export const withExampleContent = (program: ProgramInput): ProgramInput => ({
  ...program,
  additionalPhotos:
    program.additionalPhotos.length > 0 || program.mainPhotoUrl ? program.additionalPhotos : EXAMPLE_PHOTOS,
  tributes: program.tributes.length > 0 ? program.tributes : EXAMPLE_TRIBUTES,
});
