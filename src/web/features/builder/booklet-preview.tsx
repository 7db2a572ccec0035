import { ChevronLeft, ChevronRight } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { useSnapshot } from "valtio";
import { BookletPageView } from "../../../print/booklet/booklet-page";
import { planBooklet } from "../../../print/booklet/plan-booklet";
import { PREVIEW_FOOTER_QUOTE, PRINT_SPECS } from "../../../shared/constants";
import { screenPhotoUrl } from "../../../shared/photo-urls";
import type { ProgramInput } from "../../../shared/schemas";
import "../../../print/booklet/booklet.css";
import { BookletFonts } from "../../components/booklet-fonts";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { PrintCheckPanel } from "../print-export/print-check";
import { builderStore, updateDraft } from "./builder-store";
import { overlayLabel, themeLabel } from "./design-options";

const CSS_PX_PER_INCH = 96;
const PAGE_WIDTH_PX = PRINT_SPECS.pageWidthIn * CSS_PX_PER_INCH;
const PAGE_HEIGHT_PX = PRINT_SPECS.pageHeightIn * CSS_PX_PER_INCH;

/** The preview's 0.6 scale, or smaller when the panel is narrower than the scaled page (phones). */
const usePreviewScale = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState<number>(PRINT_SPECS.previewScale);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      const width = entry?.contentRect.width ?? PAGE_WIDTH_PX;
      setScale(Math.min(PRINT_SPECS.previewScale, width / PAGE_WIDTH_PX));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, scale };
};

/** The live preview: the real booklet pages, one at a time, as they will print. */
export function BookletPreview() {
  const { draft } = useSnapshot(builderStore);
  const program = draft as ProgramInput;
  const pages = planBooklet(program).pages;
  const [requested, setRequested] = useState(0);
  const index = Math.min(requested, pages.length - 1);
  const page = pages[index];
  const { ref, scale } = usePreviewScale();

  return (
    <section aria-labelledby="preview-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <BookletFonts />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="preview-heading" className="text-xl font-semibold text-primary">
          Live Preview
        </h2>
        <div className="flex flex-wrap gap-2">
          <Badge variant="secondary">Theme: {themeLabel(program.colorTheme)}</Badge>
          <Badge variant="outline">Overlay: {overlayLabel(program.overlayEffect)}</Badge>
        </div>
      </div>

      {/* Above the page, not under it: toasts and the chat buttons keep to the bottom of the screen. */}
      <nav
        aria-label="Preview pages"
        className="grid grid-cols-2 items-center gap-3 sm:grid-cols-[auto_1fr_auto]"
      >
        <Button
          variant="outline"
          size="sm"
          className="h-11 justify-self-start sm:h-9"
          disabled={index === 0}
          onClick={() => setRequested(index - 1)}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <div className="order-first col-span-2 flex flex-col items-center gap-2 sm:order-none sm:col-span-1">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Page {index + 1} of {pages.length}: {page?.label}
          </p>
          <div className="flex flex-wrap justify-center sm:gap-1">
            {pages.map((p, i) => (
              <button
                key={p.key}
                type="button"
                aria-label={`Show page ${i + 1}: ${p.label}`}
                aria-current={i === index ? "page" : undefined}
                onClick={() => setRequested(i)}
                className="flex size-11 items-center justify-center rounded-full sm:size-6 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span
                  className={cn(
                    "block size-2.5 rounded-full transition-colors",
                    i === index ? "bg-primary" : "bg-muted-foreground/35 hover:bg-muted-foreground/60",
                  )}
                />
              </button>
            ))}
          </div>
        </div>
        <Button
          variant="outline"
          size="sm"
          className="h-11 justify-self-end sm:h-9"
          disabled={index === pages.length - 1}
          onClick={() => setRequested(index + 1)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </nav>

      <div ref={ref} className="w-full">
        <div
          className="mx-auto overflow-hidden rounded-sm border bg-white shadow-[0_12px_40px_-18px_rgba(42,44,51,0.45)]"
          style={{ width: PAGE_WIDTH_PX * scale, height: PAGE_HEIGHT_PX * scale }}
          data-testid="booklet-preview"
          data-theme={program.colorTheme}
          data-font={program.fontStyle}
          data-layout={program.pageLayout}
          data-overlay={program.overlayEffect}
        >
          <div
            className="booklet-isolate"
            style={{ width: PAGE_WIDTH_PX, transform: `scale(${scale})`, transformOrigin: "top left" }}
          >
            {page && <BookletPageView program={program} page={page} resolvePhotoUrl={screenPhotoUrl} />}
          </div>
        </div>
      </div>

      <PrintCheckPanel
        program={program}
        onBookletPagesChange={(bookletPages) => updateDraft({ bookletPages })}
      />

      <p className="border-t pt-4 text-center font-serif italic text-muted-foreground">
        "{PREVIEW_FOOTER_QUOTE}"
      </p>
    </section>
  );
}
