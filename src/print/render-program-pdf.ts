// A program to a finished PDF: plan the pages, load the photos through the caller's loader,
// print with Chromium, set a page's type smaller if its real layout overflowed (never moving a
// page break the preview showed), then post-process per variant.
// No web framework here: the server, the CLI and the benchmark all call this directly.
import { WATERMARK_TEXT } from "../shared/entitlements";
import { nameStem } from "../shared/file-name";
import type { ProgramInput } from "../shared/schemas";
import { withExamplePhotos } from "./booklet/example-photos";
import { BLEED_IN, PAGE_HEIGHT_IN, PAGE_WIDTH_IN } from "./booklet/page-geometry";
import {
  assignPhotos,
  type BookletPlan,
  OVERFLOW_SHRINK_STEPS,
  type PrintCheck,
  planBooklet,
  shrinkPages,
} from "./booklet/plan-booklet";
import { bookletFontFile } from "./booklet-styles";
import { ChromiumPrinter, PrintAbortedError, type PrintAsset } from "./chromium-printer";
import { addCropMarks, imposeBooklet, setPrintBoxes, titlePdf } from "./pdf-post-process";
import type { PhotoAsset, PhotoLoader } from "./photo-assets";
import { printReadyPhoto, printSizes } from "./print-ready-photos";
import { renderBookletHtml } from "./render-booklet-html";

export const PDF_VARIANTS = ["print", "pages", "booklet-letter", "booklet-tabloid"] as const;
export type PdfVariant = (typeof PDF_VARIANTS)[number];

export { WATERMARK_TEXT };

export type RenderPdfOptions = {
  variant?: PdfVariant;
  /** Crop marks outside the bleed (print variant only). */
  marks?: boolean;
  photos?: PhotoLoader;
  watermark?: boolean;
  printer?: ChromiumPrinter;
  /** Stops waiting or printing when aborted (the client hung up). */
  signal?: AbortSignal;
};

export type RenderedPdf = {
  pdf: Uint8Array;
  plan: BookletPlan;
  checks: PrintCheck[];
  fileName: string;
  /** Booklet pages (before imposition). */
  pageCount: number;
};

let sharedPrinter: ChromiumPrinter | undefined;

/** The process's warm printer, created on first use. */
export const getSharedPrinter = () => {
  sharedPrinter ??= new ChromiumPrinter();
  return sharedPrinter;
};

export const closeSharedPrinter = async () => {
  const printer = sharedPrinter;
  sharedPrinter = undefined;
  await printer?.close();
};

/** "Eleanor Grace Whitfield" → "Eleanor-Whitfield-program.pdf" (first and last name, ASCII). */
export const pdfFileName = (fullName: string, variant: PdfVariant = "print") =>
  `${nameStem(fullName)}-program${variant === "print" ? "" : `-${variant}`}.pdf`;

/** The image the ghost overlay draws behind the cover and back (no other overlay draws one). */
const backgroundUrls = (program: ProgramInput) =>
  program.overlayEffect === "ghost" ? [program.backgroundImage || program.mainPhotoUrl].filter(Boolean) : [];

/** Every photo address the booklet may show: placed photos, the cover, the ghost background. */
const photoAddresses = (program: ProgramInput) => {
  const { coverUrl, inside, memories, backPhoto } = assignPhotos(program);
  const urls = [
    coverUrl,
    ...backgroundUrls(program),
    ...[...inside, ...memories, backPhoto].map((p) => p?.url ?? ""),
  ];
  return [...new Set(urls.filter(Boolean))];
};

const loadPhotos = async (program: ProgramInput, loader: PhotoLoader | undefined) => {
  const loaded = new Map<string, PhotoAsset & { key: string }>();
  // Without a loader (the CLI has no account's photos) no photo can print: plan the pages without them.
  if (!loader) return { loaded, isMissing: () => true };
  const urls = photoAddresses(program);
  const load = withExamplePhotos(loader);
  const assets = await Promise.all(urls.map((url) => load(url).catch(() => undefined)));
  urls.forEach((url, i) => {
    const asset = assets[i];
    if (asset) loaded.set(url, { ...asset, key: `photo-${i}` });
  });
  const tried = new Set(urls);
  return { loaded, isMissing: (url: string) => tried.has(url) && !loaded.has(url) };
};

export const renderProgramPdf = async (
  program: ProgramInput,
  options: RenderPdfOptions = {},
): Promise<RenderedPdf> => {
  const variant = options.variant ?? "print";
  const printer = options.printer ?? getSharedPrinter();
  const bleed = variant === "print";
  const widthIn = PAGE_WIDTH_IN + (bleed ? 2 * BLEED_IN : 0);
  const heightIn = PAGE_HEIGHT_IN + (bleed ? 2 * BLEED_IN : 0);
  // Photos are loaded and scaled only once a print slot is ours: a job waiting in the queue
  // holds no images in memory.
  const { printed, plan, checks } = await printer.reserve(async (print) => {
    const { loaded: photos, isMissing } = await loadPhotos(program, options.photos);
    const asset = (path: string): PrintAsset | undefined => {
      if (path.startsWith("fonts/")) return bookletFontFile(path.slice("fonts/".length));
      if (path.startsWith("photos/")) return byKey.get(path.slice("photos/".length));
      return undefined;
    };
    const html = (current: BookletPlan, assetBase: string) =>
      renderBookletHtml(program, {
        assetBase,
        photoUrl: (url) => {
          const photo = photos.get(url);
          return photo ? `${assetBase}photos/${photo.key}` : "";
        },
        plan: current,
        bleed,
        watermark: options.watermark ? WATERMARK_TEXT : undefined,
      });
    // The print check judges the originals; Chromium gets copies scaled to their printed size.
    const photoSize = (url: string) => photos.get(url);
    // The pages the preview showed: the PDF keeps every break of them.
    const previewed = planBooklet(program, { photoSize, isMissing });
    let plan = previewed;
    const sizes = printSizes(plan, backgroundUrls(program));
    const byKey = new Map(
      await Promise.all(
        [...photos].map(async ([url, original]) => {
          const target = sizes.get(url) ?? { width: original.width, height: original.height };
          return [original.key, await printReadyPhoto(original, target)] as const;
        }),
      ),
    );
    const job = (current: BookletPlan) => ({
      html: (assetBase: string) => html(current, assetBase),
      asset,
      widthIn,
      heightIn,
    });
    let printed = await print(job(plan));
    const shrunk = new Set<string>();
    for (const shrink of OVERFLOW_SHRINK_STEPS) {
      if (printed.overflowing.length === 0) break;
      for (const key of printed.overflowing) shrunk.add(key);
      plan = shrinkPages(previewed, shrunk, shrink);
      printed = await print(job(plan));
    }
    const checks = [...plan.checks];
    // The family knows a page by its label ("Life reflections (continued)"), not by its key.
    const labelOf = (key: string) => plan.pages.find((page) => page.key === key)?.label ?? key;
    for (const key of shrunk) {
      if (printed.overflowing.includes(key)) continue;
      checks.push({
        level: "info",
        message: `The text on the page "${labelOf(key)}" was set a little smaller in the PDF so it fits its page as previewed.`,
      });
    }
    for (const key of printed.overflowing) {
      checks.push({
        level: "warning",
        message: `Some text on the page "${labelOf(key)}" is still too long for its page.`,
      });
    }
    return { printed, plan, checks };
  }, options.signal);
  if (options.signal?.aborted) throw new PrintAbortedError();

  const title = program.fullName ? `${program.fullName}: memorial program` : "Memorial program";
  const pdf =
    variant === "print"
      ? options.marks
        ? await addCropMarks(printed.pdf, title)
        : await setPrintBoxes(printed.pdf, title)
      : variant === "pages"
        ? await titlePdf(printed.pdf, title)
        : await imposeBooklet(printed.pdf, variant === "booklet-letter" ? "letter" : "tabloid", title);
  return {
    pdf,
    plan,
    checks,
    fileName: pdfFileName(program.fullName, variant),
    pageCount: plan.pages.length,
  };
};
