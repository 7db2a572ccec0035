// The look of each theme, font, layout and overlay named in src/shared/constants.ts, as data the
// booklet components turn into CSS custom properties and classes (the preview and the PDF alike).
import type { ColorTheme, FontStyle, OverlayEffect, PageLayout } from "../../shared/constants";
import { readableAccent } from "./readable-accent";

export type ThemePalette = {
  label: string;
  /** Body text. */
  ink: string;
  /** Secondary text: dates, captions, labels. */
  muted: string;
  /** Headings, rules and ornaments. */
  accent: string;
  /** Page colour. */
  paper: string;
  /** A light tint of the accent for panels and bands. */
  tint: string;
  /** The deep colour of full-bleed bands (cover band, back page). */
  deep: string;
  /** Text on `deep`. */
  onDeep: string;
};

export const THEME_PALETTES: Record<ColorTheme, ThemePalette> = {
  classic: {
    label: "Classic navy and gold",
    ink: "#1f2533",
    muted: "#5a6272",
    accent: "#a47c3b",
    paper: "#fdfcf9",
    tint: "#eef0f5",
    deep: "#1f2a44",
    onDeep: "#f4ead7",
  },
  elegant: {
    label: "Elegant ivory and rose",
    ink: "#3b2a2e",
    muted: "#7a6468",
    accent: "#a45d68",
    paper: "#fcf8f3",
    tint: "#f4e6e2",
    deep: "#5e3a42",
    onDeep: "#f8ece6",
  },
  peaceful: {
    label: "Peaceful sage and sky",
    ink: "#2c3a36",
    muted: "#5f716b",
    accent: "#5f8a76",
    paper: "#f8fbfa",
    tint: "#e3eeeb",
    deep: "#3f6458",
    onDeep: "#eef6f2",
  },
  warm: {
    label: "Warm terracotta",
    ink: "#44291b",
    muted: "#7d5d4b",
    accent: "#b3622f",
    paper: "#fdf8f1",
    tint: "#f6e5d3",
    deep: "#7a3d1f",
    onDeep: "#fbeadb",
  },
  forest: {
    label: "Forest green",
    ink: "#1f2d22",
    muted: "#54645a",
    accent: "#3f6b45",
    paper: "#f8f9f4",
    tint: "#e4ebdf",
    deep: "#23402a",
    onDeep: "#eef2e4",
  },
  royal: {
    label: "Royal purple and gold",
    ink: "#2a2038",
    muted: "#635a73",
    accent: "#5a3a94",
    paper: "#fbf9fd",
    tint: "#ece6f5",
    deep: "#3b2466",
    onDeep: "#f2e3b6",
  },
  sunset: {
    label: "Sunset coral and plum",
    ink: "#42252f",
    muted: "#7a5a62",
    accent: "#c7623f",
    paper: "#fff8f2",
    tint: "#fbe3d6",
    deep: "#6b2f45",
    onDeep: "#fde7d9",
  },
  ocean: {
    label: "Ocean blue",
    ink: "#15303b",
    muted: "#4f6873",
    accent: "#1f6f8b",
    paper: "#f6fafc",
    tint: "#dcecf2",
    deep: "#154a5e",
    onDeep: "#e3f3f8",
  },
};

export type FontFace = {
  label: string;
  /** The CSS family stack; the first family is a file from an @fontsource package (booklet.css). */
  family: string;
  /** Average advance of a character of English text, in em, for the fit planner. */
  averageCharEm: number;
};

export const FONT_FACES: Record<FontStyle, FontFace> = {
  georgia: { label: "Georgia (Gelasio)", family: "'Gelasio', Georgia, serif", averageCharEm: 0.48 },
  times: { label: "Times (Tinos)", family: "'Tinos', 'Times New Roman', serif", averageCharEm: 0.415 },
  playfair: {
    label: "Playfair Display",
    family: "'Playfair Display', Georgia, serif",
    averageCharEm: 0.47,
  },
  inter: { label: "Inter", family: "'Inter', Arial, sans-serif", averageCharEm: 0.51 },
  lora: { label: "Lora", family: "'Lora', Georgia, serif", averageCharEm: 0.495 },
};

export const LAYOUT_LABELS: Record<PageLayout, string> = {
  standard: "Standard: centred, framed portrait",
  modern: "Modern: left-aligned with a colour band",
  minimalist: "Minimalist: quiet type and space",
  elegant: "Elegant: framed pages and an oval portrait",
};

export const OVERLAY_LABELS: Record<OverlayEffect, string> = {
  none: "None",
  ghost: "Ghost: a faint portrait behind the cover and back",
  glass: "Glass: text on frosted panels",
  subtle: "Subtle: soft tinted edges",
  vintage: "Vintage: aged paper and a double border",
};

/** The CSS custom properties of a theme and font, set on every page. */
export const designVariables = (theme: ColorTheme, font: FontStyle): Record<string, string> => {
  const p = THEME_PALETTES[theme];
  return {
    "--ink": p.ink,
    "--muted": p.muted,
    "--accent": p.accent,
    "--accent-text": readableAccent(p.accent, p.ink, [p.paper, p.tint]),
    "--paper": p.paper,
    "--tint": p.tint,
    "--deep": p.deep,
    "--on-deep": p.onDeep,
    "--font": FONT_FACES[font].family,
  };
};
