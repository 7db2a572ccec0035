// STUB owned by the print-engine work (issue 4): replace the body, keep the exported names.
import type { ProgramInput } from "../../shared/schemas";

export type BookletPageKind =
  | "cover"
  | "inside-left"
  | "life-reflections"
  | "order-service"
  | "photo-memories"
  | "tributes"
  | "acknowledgments"
  | "back";

export type BookletPage = { key: string; kind: BookletPageKind; label: string };

export type PrintCheck = { level: "info" | "warning"; message: string };

export type BookletPlan = { pages: BookletPage[]; checks: PrintCheck[] };

const READING_ORDER: [BookletPageKind, string][] = [
  ["cover", "Cover"],
  ["inside-left", "Inside left"],
  ["life-reflections", "Life reflections"],
  ["order-service", "Order of service"],
  ["photo-memories", "Photo memories"],
  ["tributes", "Tributes"],
  ["acknowledgments", "Acknowledgments"],
  ["back", "Back"],
];

/** The pages to print, in reading order, and what the print check has to say about them. */
export const planBooklet = (_program: ProgramInput): BookletPlan => ({
  pages: READING_ORDER.map(([kind, label]) => ({ key: kind, kind, label })),
  checks: [],
});
