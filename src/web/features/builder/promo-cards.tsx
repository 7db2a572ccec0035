import { Layers, Palette, PenTool } from "lucide-react";
import type { ComponentType } from "react";
import type { BuilderSearch } from "./builder-search";

const PROMOS: {
  title: string;
  text: string;
  icon: ComponentType<{ className?: string }>;
  search: BuilderSearch;
}[] = [
  {
    title: "Enhanced Themes",
    text: "Eight colour themes and five typefaces, each chosen to feel calm and dignified.",
    icon: Palette,
    search: { tab: "design", focus: "themes" },
  },
  {
    title: "Overlay Effects",
    text: "A faint photo behind the text, frosted glass or warm vintage paper.",
    icon: Layers,
    search: { tab: "design", focus: "overlays" },
  },
  {
    title: "Design Tools",
    text: "Send the program to Canva, Photoshop, Illustrator or InDesign for a designer's touch.",
    icon: PenTool,
    search: { tab: "export" },
  },
];

/** The three cards below the builder; each opens the tab it describes. */
export function PromoCards({ onOpen }: { onOpen: (search: BuilderSearch) => void }) {
  return (
    <section aria-label="More design options" className="grid gap-4 md:grid-cols-3">
      {PROMOS.map(({ title, text, icon: Icon, search }) => (
        <button
          key={title}
          type="button"
          onClick={() => onOpen(search)}
          className="flex items-start gap-4 rounded-lg border bg-card p-5 text-left transition-colors hover:border-primary/40 hover:bg-secondary/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon aria-hidden="true" className="mt-1 size-6 shrink-0 text-highlight" />
          <span>
            <span className="block font-serif text-lg font-semibold text-primary">{title}</span>
            <span className="mt-1 block text-sm leading-relaxed text-muted-foreground">{text}</span>
          </span>
        </button>
      ))}
    </section>
  );
}
