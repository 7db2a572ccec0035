// The booklet's stylesheet and fonts: booklet-fonts.css's @fontsource imports expanded into font
// faces whose files are answered from memory, under a PDF job's own address or the server's
// /fonts/ for the builder's preview, so the PDF loads exactly the fonts (same files, same unicode
// ranges) that the browser preview loads.
import { readFileSync } from "node:fs";
import bookletCss from "./booklet/booklet.css" with { type: "text" };
import bookletFontsCss from "./booklet/booklet-fonts.css" with { type: "text" };
import { FONT_FILE_PATHS, FONT_STYLESHEETS } from "./booklet/font-assets.generated";
import { bundledFilePath } from "./bundled-file";

export type FontFile = { body: Uint8Array<ArrayBuffer>; contentType: string };

type ExpandedFonts = {
  /** The font faces with `{{ASSET_BASE}}` where the address of the font files goes. */
  template: string;
  fonts: Map<string, FontFile>;
  /** Changes whenever a font file does: a fit part of a URL the browser may cache for good. */
  version: string;
};

const ASSET_BASE = "{{ASSET_BASE}}";
let cached: ExpandedFonts | undefined;

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

const expandFonts = (): ExpandedFonts => {
  const fonts = new Map<string, FontFile>();
  const template = (bookletFontsCss as unknown as string).replace(
    /@import\s+"([^"]+)";/g,
    (_m, specifier: string) => expandFontImport(specifier, fonts),
  );
  const hash = new Bun.CryptoHasher("sha256");
  for (const [name, file] of fonts) hash.update(name).update(file.body);
  return { template, fonts, version: hash.digest("hex").slice(0, 12) };
};

const expanded = () => {
  cached ??= expandFonts();
  return cached;
};

/** The booklet's font faces, their files under `assetBase` (ends with "/") + "fonts/". */
export const bookletFontFacesFor = (assetBase: string) =>
  expanded().template.replaceAll(ASSET_BASE, assetBase);

/** booklet.css and its font faces, for a page whose assets live under `assetBase` (ends with "/"). */
export const bookletStylesFor = (assetBase: string) =>
  `${bookletFontFacesFor(assetBase)}\n${bookletCss as unknown as string}`;

/** A font file referenced by the font faces, by its file name. */
export const bookletFontFile = (name: string): FontFile | undefined => expanded().fonts.get(name);

/** Changes whenever any font file does. */
export const bookletFontsVersion = () => expanded().version;
