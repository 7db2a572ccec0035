import type {
  BookletPages,
  ColorTheme,
  FontStyle,
  OverlayEffect,
  PageLayout,
} from "../../../shared/constants";

// How the Design tab presents the shared design choices. The colours here only paint the
// swatches; the booklet's own theme CSS decides how a printed page looks.

export const THEME_SWATCHES: Record<ColorTheme, { label: string; colors: [string, string, string] }> = {
  classic: { label: "Classic", colors: ["#1f2a44", "#b8963e", "#fbf8f1"] },
  elegant: { label: "Elegant", colors: ["#6b3a4b", "#c99aa6", "#fdf7f5"] },
  peaceful: { label: "Peaceful", colors: ["#5e7a6e", "#a9c4d4", "#f6f9f8"] },
  warm: { label: "Warm", colors: ["#9a5b3c", "#d8a66a", "#fdf6ee"] },
  forest: { label: "Forest", colors: ["#2f4a36", "#8aa27a", "#f5f7f2"] },
  royal: { label: "Royal", colors: ["#3e2c5e", "#c2a24c", "#f8f6fb"] },
  sunset: { label: "Sunset", colors: ["#a4512f", "#e39a7a", "#fff6f0"] },
  ocean: { label: "Ocean", colors: ["#1f4e5f", "#7fb3c2", "#f2f8fa"] },
};

/** The font each style is set in (free files with the metrics of the named classic). */
export const FONT_FACES: Record<FontStyle, { label: string; family: string }> = {
  georgia: { label: "Georgia", family: '"Gelasio", Georgia, serif' },
  times: { label: "Times", family: '"Tinos", "Times New Roman", serif' },
  playfair: { label: "Playfair Display", family: '"Playfair Display", Georgia, serif' },
  inter: { label: "Inter", family: '"Inter", system-ui, sans-serif' },
  lora: { label: "Lora", family: '"Lora", Georgia, serif' },
};

export const LAYOUT_LABELS: Record<PageLayout, { label: string; text: string }> = {
  standard: { label: "Standard", text: "Centred and traditional" },
  modern: { label: "Modern", text: "Clean lines, photo beside text" },
  minimalist: { label: "Minimalist", text: "Quiet, generous space" },
  elegant: { label: "Elegant", text: "Framed with fine borders" },
};

export const BOOKLET_PAGES_LABELS: Record<BookletPages, { label: string; text: string }> = {
  "8": { label: "8 pages", text: "Every section on its own page" },
  "4": { label: "4 pages", text: "Cover, two inside pages and back, for short programs" },
};

export const OVERLAY_LABELS: Record<OverlayEffect, { label: string; text: string }> = {
  none: { label: "None", text: "Plain paper" },
  ghost: { label: "Ghost", text: "A faint photo behind the text" },
  glass: { label: "Glass", text: "Frosted panels" },
  subtle: { label: "Subtle", text: "A soft wash of colour" },
  vintage: { label: "Vintage", text: "Warm, aged paper" },
};

export const themeLabel = (theme: ColorTheme) => THEME_SWATCHES[theme].label;
export const overlayLabel = (overlay: OverlayEffect) => OVERLAY_LABELS[overlay].label;
