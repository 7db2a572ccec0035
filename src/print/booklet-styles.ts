// The booklet stylesheet as the PDF needs it: booklet.css with its @fontsource imports expanded
// and each font file answered from memory under the job's own address, so the PDF loads exactly
// the fonts (same files, same unicode ranges) that the browser preview loads.
import { readFileSync } from "node:fs";
import bookletCss from "./booklet/booklet.css" with { type: "text" };
import { FONT_FILE_PATHS, FONT_STYLESHEETS } from "./booklet/font-assets.generated";
import { bundledFilePath } from "./bundled-file";

export type FontFile = { body: Uint8Array; contentType: string };

type ExpandedStyles = {
  /** The stylesheet with `{{ASSET_BASE}}` where the job's asset address goes. */
  template: string;
  fonts: Map<string, FontFile>;
};

const ASSET_BASE = "{{ASSET_BASE}}";
let cached: ExpandedStyles | undefined;

// The stylesheets and font files come from static imports (font-assets.generated.ts), so a bundle or
// the compiled binary carries them: nothing is looked up in node_modules at run time.
const expandFontImport = (specifier: string, fonts: Map<string, FontFile>) => {
  const css = FONT_STYLESHEETS[specifier];
  if (css === undefined) throw new Error(`${specifier} is not in font-assets.generated.ts: regenerate it`);
  // Only woff2 is kept: Chromium prefers it, and the woff fallback would just be dead weight.
  return css.replace(/src:\s*url\(\.\/files\/([^)]+\.woff2)\)[^;]*;/g, (_m, file: string) => {
    const path = FONT_FILE_PATHS[file];
    if (path === undefined) throw new Error(`${file} is not in font-assets.generated.ts: regenerate it`);
    if (!fonts.has(file))
      fonts.set(file, {
        body: new Uint8Array(readFileSync(bundledFilePath(path))),
        contentType: "font/woff2",
      });
    return `src: url(${ASSET_BASE}fonts/${file}) format('woff2');`;
  });
};

const expandStyles = (): ExpandedStyles => {
  const fonts = new Map<string, FontFile>();
  const template = (bookletCss as unknown as string).replace(
    /@import\s+"([^"]+)";/g,
    (_m, specifier: string) => expandFontImport(specifier, fonts),
  );
  return { template, fonts };
};

/** booklet.css for a page whose assets live under `assetBase` (ends with "/"). */
export const bookletStylesFor = (assetBase: string) => {
  cached ??= expandStyles();
  return cached.template.replaceAll(ASSET_BASE, assetBase);
};

/** A font file referenced by the stylesheet, by its file name. */
export const bookletFontFile = (name: string): FontFile | undefined => {
  cached ??= expandStyles();
  return cached.fonts.get(name);
};
