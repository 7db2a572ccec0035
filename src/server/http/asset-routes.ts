import { examplePhoto } from "../../print/booklet/example-photos";
import { bookletFontFacesFor, bookletFontFile, bookletFontsVersion } from "../../print/booklet-styles";
import { BOOKLET_FONTS_STYLESHEET } from "../../shared/booklet-fonts";
import { IMMUTABLE } from "./web-app";

// Under /assets/: the booklet's fonts for the builder's preview, from the same files the PDF
// embeds, and the View Examples program's photos. They are not in the web bundle: its stylesheets
// would carry every font inlined (Bun inlines a stylesheet's url() files), several megabytes
// before a first page could show.

const FONT_FILE = /^\/assets\/([a-f0-9]{12})\/fonts\/([a-z0-9-]+\.woff2)$/;

/** `/assets/booklet-fonts.css` and the font files it names, versioned so each file is cached for good. */
export const assetRoutes = {
  [BOOKLET_FONTS_STYLESHEET]: (request: Request) => {
    const version = bookletFontsVersion();
    // Small and asked again on each visit, so a release with other fonts shows at once.
    const headers = {
      "content-type": "text/css; charset=utf-8",
      "cache-control": "no-cache",
      etag: `"${version}"`,
    };
    if (request.headers.get("if-none-match") === `"${version}"`)
      return new Response(null, { status: 304, headers });
    return new Response(bookletFontFacesFor(`/assets/${version}/`), { headers });
  },
  "/assets/*": (request: Request) => {
    // The View Examples program's photos, at fixed addresses the example keeps when saved.
    const example = examplePhoto(new URL(request.url).pathname);
    if (example)
      return new Response(example.body.slice(), {
        headers: { "content-type": example.contentType, "cache-control": "public, max-age=86400" },
      });
    const [, version, name] = new URL(request.url).pathname.match(FONT_FILE) ?? [];
    const file = version === bookletFontsVersion() && name ? bookletFontFile(name) : undefined;
    if (!file) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
    return new Response(file.body, {
      headers: { "content-type": file.contentType, "cache-control": IMMUTABLE },
    });
  },
};
