// The print template: everything a designer or print shop needs to rebuild the booklet in their
// own tool, as JSON: trim, bleed, safe margin, resolution, colours, fonts and each page's content.
import { PRINT_SPECS } from "../../shared/constants";
import { formatLifeSpan } from "../../shared/format-date";
import type { ProgramInput } from "../../shared/schemas";
import { FONT_FACES, LAYOUT_LABELS, OVERLAY_LABELS, THEME_PALETTES } from "../booklet/design";
import { PAGE_MARGIN_IN } from "../booklet/page-geometry";
import { planBooklet } from "../booklet/plan-booklet";
import { type ExportFile, exportFileName } from "./export-file";

const FONT_PACKAGES: Record<ProgramInput["fontStyle"], string> = {
  georgia: "@fontsource/gelasio",
  times: "@fontsource/tinos",
  playfair: "@fontsource/playfair-display",
  inter: "@fontsource/inter",
  lora: "@fontsource/lora",
};

const buildPrintTemplate = (program: ProgramInput) => {
  const plan = planBooklet(program);
  return {
    format: "keepsake-print-template",
    version: 1,
    program: { fullName: program.fullName, lifeSpan: formatLifeSpan(program.birthDate, program.passingDate) },
    page: {
      trimWidthIn: PRINT_SPECS.pageWidthIn,
      trimHeightIn: PRINT_SPECS.pageHeightIn,
      bleedIn: PRINT_SPECS.bleedIn,
      safeMarginIn: PAGE_MARGIN_IN[program.pageLayout],
      resolutionDpi: PRINT_SPECS.dpi,
      colorMode: PRINT_SPECS.colorMode,
      pageCount: plan.pages.length,
      binding: "saddle stitch, folded from 11x17 in sheets",
    },
    design: {
      theme: { id: program.colorTheme, ...THEME_PALETTES[program.colorTheme] },
      font: {
        id: program.fontStyle,
        ...FONT_FACES[program.fontStyle],
        package: FONT_PACKAGES[program.fontStyle],
      },
      layout: { id: program.pageLayout, description: LAYOUT_LABELS[program.pageLayout] },
      overlay: { id: program.overlayEffect, description: OVERLAY_LABELS[program.overlayEffect] },
    },
    pages: plan.pages.map((page, i) => ({
      number: i + 1,
      kind: page.kind,
      label: page.label,
      fontScale: page.scale ?? 1,
      blocks: page.blocks ?? [],
      photos: (page.photos ?? []).map((p) => ({
        url: p.url,
        caption: p.caption,
        widthIn: Number(p.widthIn.toFixed(3)),
        heightIn: Number(p.heightIn.toFixed(3)),
      })),
    })),
    printCheck: plan.checks,
  };
};

export const exportPrintTemplate = (program: ProgramInput): ExportFile => ({
  fileName: exportFileName(program, "print-template", "json"),
  mimeType: "application/json",
  content: `${JSON.stringify(buildPrintTemplate(program), null, 2)}\n`,
});
