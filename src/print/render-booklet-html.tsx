// The whole booklet as one self-contained HTML document for Chromium: every page of the plan,
// the booklet stylesheet, and nothing that could reach the network (a CSP allows only the job's
// own asset address, which the printer answers from memory).
import { renderToStaticMarkup } from "react-dom/server";
import type { ProgramInput } from "../shared/schemas";
import { BookletPageView } from "./booklet/booklet-page";
import { BLEED_IN, PAGE_HEIGHT_IN, PAGE_WIDTH_IN } from "./booklet/page-geometry";
import type { BookletPlan } from "./booklet/plan-booklet";
import { bookletStylesFor } from "./booklet-styles";

export type BookletHtmlAssets = {
  /** Absolute address, ending in "/", under which fonts and photos are answered for this job. */
  assetBase: string;
  /** The job address of a program photo, or "" when it is not available (the photo is left out). */
  photoUrl: (url: string) => string;
  plan: BookletPlan;
  bleed: boolean;
  watermark?: string;
};

const escapeAttribute = (value: string) => value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);

export const renderBookletHtml = (program: ProgramInput, assets: BookletHtmlAssets): string => {
  const bleed = assets.bleed ? BLEED_IN : 0;
  const pages = assets.plan.pages
    .map((page) =>
      renderToStaticMarkup(
        <BookletPageView
          program={program}
          page={page}
          resolvePhotoUrl={assets.photoUrl}
          bleed={assets.bleed}
          watermark={assets.watermark}
        />,
      ),
    )
    .join("\n");
  const origin = escapeAttribute(assets.assetBase);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src ${origin}; font-src ${origin}; style-src 'unsafe-inline'">
<title>${escapeAttribute(program.fullName || "Memorial program")}</title>
<style>
@page { size: ${PAGE_WIDTH_IN + 2 * bleed}in ${PAGE_HEIGHT_IN + 2 * bleed}in; margin: 0; }
html, body { margin: 0; padding: 0; }
${bookletStylesFor(assets.assetBase)}
</style>
</head>
<body>
${pages}
</body>
</html>`;
};
