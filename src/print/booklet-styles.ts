// The booklet stylesheet as the PDF needs it: booklet.css with its @fontsource imports expanded
// and each font file answered from memory under the job's own address, so the PDF loads exactly
// the fonts (same files, same unicode ranges) that the browser preview loads.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import bookletCss from "./booklet/booklet.css" with { type: "text" };

export type FontFile = { body: Uint8Array; contentType: string };

type ExpandedStyles = {
  /** The stylesheet with `{{ASSET_BASE}}` where the job's asset address goes. */
  template: string;
  fonts: Map<string, FontFile>;
};

const ASSET_BASE = "{{ASSET_BASE}}";
let cached: ExpandedStyles | undefined;

const expandFontImport = (specifier: string, fonts: Map<string, FontFile>) => {
  const cssPath = Bun.resolveSync(specifier, import.meta.dir);
  const css = readFileSync(cssPath, "utf8");
  // Only woff2 is kept: Chromium prefers it, and the woff fallback would just be dead weight.
  return css.replace(/src:\s*url\(\.\/files\/([^)]+\.woff2)\)[^;]*;/g, (_m, file: string) => {
    if (!fonts.has(file)) {
      fonts.set(file, {
        body: new Uint8Array(readFileSync(join(dirname(cssPath), "files", file))),
        contentType: "font/woff2",
      });
    }
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
