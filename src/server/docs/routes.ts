import { Elysia } from "elysia";
// @ts-expect-error the script has no types; a `type: "file"` import is only its path (in the bundle and binary too).
import viewerScript from "../../../node_modules/@scalar/api-reference/dist/browser/standalone.js" with {
  type: "file",
};
import { bundledFilePath } from "../../print/bundled-file";
import { createOpenApiDocument } from "./openapi-document";

// The viewer runs from our own server: no CDN, no web fonts, no telemetry, works offline.
const VIEWER_OPTIONS = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  hideClientButton: true,
  telemetry: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  theme: "default",
};

// Our Content-Security-Policy runs scripts from our own files only, never inline: the page starts
// the viewer from a script file too, so the policy stays the same for every page.
const START_SCRIPT = `Scalar.createApiReference("#app", ${JSON.stringify(VIEWER_OPTIONS)});\n`;

const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Keepsake API reference</title>
  </head>
  <body>
    <div id="app"></div>
    <script src="/api/docs/viewer.js"></script>
    <script src="/api/docs/start.js"></script>
  </body>
</html>`;

const javascript = (body: BodyInit) =>
  new Response(body, {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=86400",
    },
  });

/** `GET /api/openapi.json` and the reference viewer at `/api/docs`. */
export const docsRoutes = (publicUrl?: string) => {
  // Built once: the document only changes with the code.
  const document = createOpenApiDocument(publicUrl);
  const viewer = Bun.file(bundledFilePath(viewerScript as string));
  return new Elysia()
    .get("/openapi.json", () => document)
    .get("/docs", () => new Response(DOCS_PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }))
    .get("/docs/viewer.js", () => javascript(viewer))
    .get("/docs/start.js", () => javascript(START_SCRIPT));
};
