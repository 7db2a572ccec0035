// Draws the View Examples program's photos (soft landscapes and botanical artwork) as SVG and
// rasterises them with sharp, so the example shows what a finished booklet looks like with
// images whose licence is ours. Run `bun scripts/generate-example-photos.ts` after editing a
// drawing; the JPEGs it writes are committed.
import { join } from "node:path";
import sharp from "sharp";
import { EXAMPLE_PHOTO_SIZES } from "../src/shared/example-photos";

const OUT = join(import.meta.dir, "../src/print/booklet/example-photos");

const leaf = (x: number, y: number, angle: number, length: number, fill: string) =>
  `<ellipse cx="${x}" cy="${y}" rx="${length / 2}" ry="${length / 5}" fill="${fill}" transform="rotate(${angle} ${x} ${y})"/>`;

/** A stem with leaves along it, swaying to one side. */
const stem = (x: number, base: number, height: number, sway: number, color: string, seed: number) => {
  const leaves = Array.from({ length: 7 }, (_, i) => {
    const t = (i + 1) / 8;
    const lx = x + sway * t * t;
    const ly = base - height * t;
    const side = (i + seed) % 2 === 0 ? 1 : -1;
    return leaf(lx + side * 26, ly, side * (35 + i * 3), 70 - i * 5, color);
  }).join("");
  return `<path d="M${x} ${base} Q ${x + sway * 0.3} ${base - height * 0.5} ${x + sway} ${base - height}" stroke="${color}" stroke-width="5" fill="none"/>${leaves}`;
};

const hills = (w: number, h: number, colors: string[]) =>
  colors
    .map((c, i) => {
      const y = h * (0.58 + i * 0.1);
      return `<path d="M0 ${y} C ${w * 0.25} ${y - 90 + i * 20} ${w * 0.55} ${y + 60} ${w} ${y - 40 + i * 15} L ${w} ${h} L 0 ${h} Z" fill="${c}"/>`;
    })
    .join("");

const DRAWINGS: Record<string, { width: number; height: number; svg: string }> = {
  // The cover: a dawn over quiet hills.
  "dawn-hills": {
    width: 1300,
    height: 1600,
    svg: `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#b9a6c9"/><stop offset="0.55" stop-color="#f3cdb8"/><stop offset="1" stop-color="#f8e6d2"/></linearGradient>
      <radialGradient id="sun"><stop offset="0" stop-color="#fff6e3"/><stop offset="1" stop-color="#fff6e3" stop-opacity="0"/></radialGradient></defs>
      <rect width="1300" height="1600" fill="url(#sky)"/><circle cx="650" cy="900" r="420" fill="url(#sun)"/><circle cx="650" cy="900" r="110" fill="#fff3dc"/>
      ${hills(1300, 1600, ["#a99ab8", "#8f86a6", "#6f6a8c", "#545270"])}`,
  },
  // A garden: tall stems against a pale morning.
  garden: {
    width: 1500,
    height: 1200,
    svg: `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#eef2e4"/><stop offset="1" stop-color="#c9d8bd"/></linearGradient></defs>
      <rect width="1500" height="1200" fill="url(#g)"/>
      ${[120, 330, 520, 760, 980, 1190, 1390].map((x, i) => stem(x, 1230, 700 + (i % 3) * 160, (i % 2 ? 1 : -1) * 120, ["#6f8f6a", "#587a58", "#86a27d"][i % 3] as string, i)).join("")}
      ${[330, 760, 1190].map((x, i) => `<circle cx="${x + (i % 2 ? 120 : -120)}" cy="${1230 - 700 - (i % 3) * 160}" r="34" fill="#f1e3ea"/>`).join("")}`,
  },
  // A still lake at evening, trees reflected in it.
  "still-lake": {
    width: 1500,
    height: 1200,
    svg: `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#9fb6c9"/><stop offset="1" stop-color="#e9d9c8"/></linearGradient>
      <linearGradient id="w" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#d9cdc0"/><stop offset="1" stop-color="#8ea4b6"/></linearGradient></defs>
      <rect width="1500" height="700" fill="url(#s)"/><rect y="700" width="1500" height="500" fill="url(#w)"/>
      ${Array.from({ length: 14 }, (_, i) => {
        const x = 60 + i * 105;
        const h = 160 + ((i * 37) % 90);
        return `<path d="M${x} 700 L ${x + 40} ${700 - h} L ${x + 80} 700 Z" fill="#4f6470"/><path d="M${x} 700 L ${x + 40} ${700 + h * 0.8} L ${x + 80} 700 Z" fill="#4f6470" opacity="0.35"/>`;
      }).join("")}`,
  },
  // A lemon branch, for the lemon cake.
  "lemon-branch": {
    width: 1200,
    height: 1500,
    svg: `<rect width="1200" height="1500" fill="#f7f1e3"/>
      <path d="M100 1400 C 400 1100 600 800 1100 200" stroke="#7b6a4f" stroke-width="14" fill="none"/>
      ${Array.from({ length: 12 }, (_, i) => {
        const t = (i + 1) / 13;
        const x = 100 + 1000 * t;
        const y = 1400 - 1200 * t;
        return leaf(x + (i % 2 ? 60 : -60), y, i % 2 ? -30 : 60, 170, i % 3 ? "#6d8f5e" : "#58794c");
      }).join("")}
      <circle cx="520" cy="980" r="95" fill="#efd35c"/><circle cx="760" cy="640" r="85" fill="#f2da6e"/><circle cx="380" cy="1160" r="70" fill="#e8c94a"/>`,
  },
  // White roses at dusk, for the memorial page.
  "dusk-roses": {
    width: 1200,
    height: 1500,
    svg: `<defs><linearGradient id="d" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#55506e"/><stop offset="1" stop-color="#c8a9b4"/></linearGradient></defs>
      <rect width="1200" height="1500" fill="url(#d)"/>
      ${[
        [420, 760, 150],
        [760, 680, 130],
        [600, 1000, 170],
      ]
        .map(
          ([x, y, r]) =>
            `${stem(x as number, 1560, 1560 - (y as number), 40, "#5d7460", 1)}${[1, 0.72, 0.45].map((k, j) => `<circle cx="${x}" cy="${y}" r="${(r as number) * k}" fill="${["#f4eef0", "#e9dde2", "#dccbd2"][j]}"/>`).join("")}`,
        )
        .join("")}`,
  },
};

for (const [name, { width, height, svg }] of Object.entries(DRAWINGS)) {
  const image = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${svg}</svg>`;
  const file = join(OUT, `${name}.jpg`);
  // A little blur softens the drawn edges into something closer to a photograph.
  const size = EXAMPLE_PHOTO_SIZES[name];
  // Drawn at a round size, printed at the size the example declares (300 dpi where it prints).
  await sharp(Buffer.from(image))
    .blur(2.5)
    .resize(size?.width, size?.height, { fit: "fill" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toFile(file);
  console.log(`${file}: ${(Bun.file(file).size / 1024).toFixed(0)} KB`);
}
