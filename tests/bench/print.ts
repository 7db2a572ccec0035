// Print engine throughput on this machine, measured in one run: cold and warm ms per PDF,
// PDFs per second for 20 programs one at a time and through the pool, and the pooled engine
// against launching a browser per PDF. Every figure includes planning, photo loading, scaling
// photos to their printed size (first print of a photo) and pdf-lib post-processing (the print
// variant: TrimBox/BleedBox). Two sets of 20 programs with their own photos keep "first print"
// runs honest: set A goes one at a time, set B through the pool.
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import type { PhotoAsset } from "../../src/print/photo-assets";
import { renderProgramPdf } from "../../src/print/render-program-pdf";
import { COLOR_THEMES, FONT_STYLES, PAGE_LAYOUTS } from "../../src/shared/constants";
import type { ProgramInput } from "../../src/shared/schemas";
import { fixtureProgram } from "../print/support/fixture-programs";
import { makePhoto, memoryPhotoLoader } from "../print/support/photo-fixtures";
import { median, time } from "../support/measure";

const PROGRAMS = 20;
const WARM_RUNS = 9;
const BROWSER_PER_PDF_RUNS = 5;

// Photo-heavy: each program has a large cover and three large photos of its own.
const photos: Record<string, PhotoAsset> = {};
const programs: ProgramInput[] = [];
const base = fixtureProgram("typical");
for (let i = 0; i < 2 * PROGRAMS; i++) {
  const url = (n: number) => `/api/photos/bench-${i}-${n}`;
  photos[url(0)] = await makePhoto(3000, 4000, (i * 37) % 360);
  for (let n = 1; n <= 3; n++) photos[url(n)] = await makePhoto(3600, 2700, (i * 37 + n * 50) % 360);
  programs.push({
    ...base,
    fullName: `${base.fullName} ${i + 1}`,
    colorTheme: COLOR_THEMES[i % COLOR_THEMES.length] ?? "classic",
    fontStyle: FONT_STYLES[i % FONT_STYLES.length] ?? "georgia",
    pageLayout: PAGE_LAYOUTS[i % PAGE_LAYOUTS.length] ?? "standard",
    mainPhotoUrl: url(0),
    additionalPhotos: [1, 2, 3].map((n) => ({
      id: `b${n}`,
      url: url(n),
      caption: `Photo ${n}`,
      size: "large" as const,
      position: "life" as const,
      order: n,
    })),
  });
}
const loader = memoryPhotoLoader(photos).loader;
const render = (program: ProgramInput, printer: ChromiumPrinter) =>
  renderProgramPdf(program, { printer, photos: loader, variant: "print" });

const loadBefore = (await Bun.file("/proc/loadavg").text()).split(" ").slice(0, 3).join(" ");
const printer = new ChromiumPrinter({ concurrency: 2 });
console.log(`Chromium: ${printer.executablePath}`);

const setA = programs.slice(0, PROGRAMS);
const setB = programs.slice(PROGRAMS);
const typical = setA[0] as ProgramInput;
const coldMs = await time(() => render(typical, printer));
const warm: number[] = [];
for (let i = 0; i < WARM_RUNS; i++) warm.push(await time(() => render(typical, printer)));

const sequentialMs = await time(async () => {
  for (const program of setA) await render(program, printer);
});
const pooledMs = await time(() => Promise.all(setB.map((program) => render(program, printer))));
const pooledAgainMs = await time(() => Promise.all(setB.map((program) => render(program, printer))));
await printer.close();

/** Median ms of launching a browser, printing one program and closing it again. */
const browserPerPdfMs = async (executablePath?: string) => {
  const samples: number[] = [];
  for (let i = 0; i < BROWSER_PER_PDF_RUNS; i++) {
    samples.push(
      await time(async () => {
        // An explicit undefined path means "no browser" to the printer: pass it only when given.
        const once = new ChromiumPrinter(
          executablePath ? { concurrency: 1, executablePath } : { concurrency: 1 },
        );
        try {
          await render(setB[i] as ProgramInput, once);
        } finally {
          await once.close();
        }
      }),
    );
  }
  return median(samples);
};
// The headless shell launches in a fraction of full Chromium's time, which narrows the gap a warm
// pool can win; full Chromium is measured too, as the baseline most set-ups would have.
const FULL_CHROMIUM = "/usr/bin/chromium";
const browserPerPdf = await browserPerPdfMs();
const fullBrowserPerPdf = (await Bun.file(FULL_CHROMIUM).exists())
  ? await browserPerPdfMs(FULL_CHROMIUM)
  : undefined;

// Like for like: both print programs whose photos were scaled before.
const pooledPerPdf = pooledAgainMs / PROGRAMS;
const rows: [string, string][] = [
  ["cold first PDF (browser launch, photo scaling)", `${coldMs.toFixed(0)} ms`],
  [`warm PDF of the same program, median of ${WARM_RUNS}`, `${median(warm).toFixed(0)} ms`],
  [`${PROGRAMS} new programs one at a time`, `${(PROGRAMS / (sequentialMs / 1000)).toFixed(2)} PDFs/s`],
  [
    `${PROGRAMS} new programs through the pool (2 at once)`,
    `${(PROGRAMS / (pooledMs / 1000)).toFixed(2)} PDFs/s`,
  ],
  [`the same ${PROGRAMS} again through the pool`, `${(PROGRAMS / (pooledAgainMs / 1000)).toFixed(2)} PDFs/s`],
  [`browser per PDF, median of ${BROWSER_PER_PDF_RUNS}`, `${browserPerPdf.toFixed(0)} ms`],
  ["pooled engine vs browser per PDF", `${(browserPerPdf / pooledPerPdf).toFixed(1)}x faster per PDF`],
  ...(fullBrowserPerPdf === undefined
    ? []
    : ([
        [`full chromium per PDF, median of ${BROWSER_PER_PDF_RUNS}`, `${fullBrowserPerPdf.toFixed(0)} ms`],
        [
          "pooled engine vs full chromium per PDF",
          `${(fullBrowserPerPdf / pooledPerPdf).toFixed(1)}x faster per PDF`,
        ],
      ] as [string, string][])),
];
const width = Math.max(...rows.map(([label]) => label.length));
console.log(`Load average before the run: ${loadBefore}`);
console.log("Print engine: photo-heavy 8-page programs (cover + 3 large photos), print variant");
for (const [label, value] of rows) console.log(`  ${label.padEnd(width)}  ${value}`);
