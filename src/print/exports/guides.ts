// Plain-text guides a family can hand to a print shop or keep beside the home printer.
import { PRINT_SPECS } from "../../shared/constants";
import type { ProgramInput } from "../../shared/schemas";
import { FONT_FACES, LAYOUT_LABELS, OVERLAY_LABELS, THEME_PALETTES } from "../booklet/design";
import { PAGE_MARGIN_IN } from "../booklet/page-geometry";
import { planBooklet } from "../booklet/plan-booklet";
import { type ExportFile, exportFileName } from "./export-file";

const text = (program: ProgramInput, suffix: string, lines: string[]): ExportFile => ({
  fileName: exportFileName(program, suffix, "txt"),
  mimeType: "text/plain",
  content: `${lines.join("\n")}\n`,
});

const title = (program: ProgramInput, what: string) => `${what}: ${program.fullName || "memorial program"}`;

export const exportPrintingGuide = (program: ProgramInput): ExportFile => {
  const pages = planBooklet(program).pages.length;
  return text(program, "printing-guide", [
    title(program, "Printing guide"),
    "",
    `The program is a ${pages}-page booklet of ${PRINT_SPECS.pageWidthIn} x ${PRINT_SPECS.pageHeightIn} in pages.`,
    "",
    "AT A PRINT SHOP (best quality)",
    '- Download the "Print shop" PDF (variant print). Add crop marks if the shop asks for them.',
    `- Pages are ${PRINT_SPECS.pageWidthIn + 2 * PRINT_SPECS.bleedIn} x ${PRINT_SPECS.pageHeightIn + 2 * PRINT_SPECS.bleedIn} in: ${PRINT_SPECS.bleedIn} in of bleed around the ${PRINT_SPECS.pageWidthIn} x ${PRINT_SPECS.pageHeightIn} in trim (TrimBox and BleedBox are set).`,
    `- Ask for saddle stitching: ${pages / 4} sheet${pages > 4 ? "s" : ""} of 11 x 17 in, printed both sides, folded and stapled.`,
    "- Suggested paper: 80-100 lb text or 65-80 lb cover, matte or silk.",
    "- Colours are RGB with an ICC profile, which most shops accept. If the shop wants CMYK, give them the CMYK download or, better, let them convert with their own press profile.",
    "",
    "AT HOME (letter paper)",
    '- Download the "Home printer" PDF (variant booklet-letter): half-size pages, two per landscape letter sheet, already in booklet order.',
    "- Print double-sided, flip on the SHORT edge, at 100% (actual size), landscape.",
    "- Stack the sheets in the order they come out, fold the stack in half and staple twice on the fold.",
    "- Print one copy first and check the page order before printing them all.",
    "",
    "FOR EMAIL OR SCREENS",
    '- Download the "Email" PDF (variant pages): plain 8.5 x 11 in pages in reading order.',
  ]);
};

export const exportColorGuide = (program: ProgramInput): ExportFile => {
  const palette = THEME_PALETTES[program.colorTheme];
  return text(program, "color-guide", [
    title(program, "Colour guide"),
    "",
    `Theme: ${program.colorTheme} (${palette.label})`,
    `Overlay: ${OVERLAY_LABELS[program.overlayEffect]}`,
    "",
    `Body text     ${palette.ink}`,
    `Secondary     ${palette.muted}`,
    `Accent        ${palette.accent}`,
    `Paper         ${palette.paper}`,
    `Tint          ${palette.tint}`,
    `Deep band     ${palette.deep}`,
    `Text on band  ${palette.onDeep}`,
    "",
    "These are sRGB values. The PDF is RGB with an ICC profile, which most printers accept.",
    "For CMYK presses, the printer's own ICC profile gives the truest colours; our optional CMYK",
    "download uses a generic conversion. Deep backgrounds can print darker on uncoated paper:",
    "ask for a proof when colour matters.",
  ]);
};

/** The design specs: page, resolution, colour, bleed, fonts, limits. */
export const exportDesignSpecs = (program: ProgramInput): ExportFile =>
  text(program, "design-specs", [
    title(program, "Design specs"),
    "",
    `Page size: ${PRINT_SPECS.pageWidthIn} x ${PRINT_SPECS.pageHeightIn} in (trim)`,
    `Bleed: ${PRINT_SPECS.bleedIn} in on every side`,
    `Safe margin: ${PAGE_MARGIN_IN[program.pageLayout]} in inside the trim`,
    `Resolution: ${PRINT_SPECS.dpi} DPI for photos at their printed size`,
    `Colour: ${PRINT_SPECS.colorMode} for press (RGB with ICC profile accepted)`,
    `Pages: ${planBooklet(program).pages.length} (a multiple of 4, saddle-stitched booklet)`,
    `Preview scale: ${PRINT_SPECS.previewScale}`,
    "",
    `Theme: ${program.colorTheme}`,
    `Font: ${FONT_FACES[program.fontStyle].label}`,
    `Layout: ${LAYOUT_LABELS[program.pageLayout]}`,
    `Overlay: ${OVERLAY_LABELS[program.overlayEffect]}`,
    "",
    "Photos: at most 8 per program; the inside page shows at most 3; the rest fill the photo memories page.",
  ]);
