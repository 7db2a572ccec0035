import { Link } from "@tanstack/react-router";
import { ArrowLeft, Eye, PencilLine, Save } from "lucide-react";
import { proxy, useSnapshot } from "valtio";
import { Button } from "../../components/ui/button";
import { DownloadPdfButton, PrintButton } from "../print-export/pdf-actions";
import { builderStore, isDraftDirty } from "./builder-store";

type SaveProps = { onSave: () => void; isSaving: boolean };
type BuilderHeaderProps = SaveProps & { ensureSaved: () => Promise<string> };

const saveLabel = (isSaving: boolean) => (isSaving ? "Saving..." : "Save Draft");

/**
 * One compact row: the way back, the program's name with its save status under it (so the family
 * always sees whether their work is kept), and the actions. Below the lg breakpoint Save moves to
 * the bar at the bottom, within a thumb's reach; below sm Download PDF and Print wait in the page
 * (`PdfActionsRow`), so the sticky row stays about 60 px tall on a phone.
 */
export function BuilderHeader({ onSave, isSaving, ensureSaved }: BuilderHeaderProps) {
  const snap = useSnapshot(builderStore);
  const dirty = isDraftDirty(snap);
  const status = !snap.programId ? "Not saved yet" : dirty ? "Unsaved changes" : "All changes saved";
  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-2 px-2 py-2 sm:gap-3 sm:px-6 sm:py-3">
        <Button asChild variant="ghost" size="icon" className="size-11 shrink-0">
          <Link to="/programs" aria-label="Back to My Programs">
            <ArrowLeft aria-hidden="true" />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-serif text-lg font-semibold text-primary sm:text-xl">
            {snap.draft.fullName || "New memorial program"}
          </h1>
          <p className="truncate text-xs text-muted-foreground sm:text-sm">
            <span className="hidden sm:inline">Program Builder · </span>
            <span aria-live="polite">{status}</span>
          </p>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <Button onClick={onSave} disabled={isSaving} className="hidden lg:inline-flex">
            <Save aria-hidden="true" />
            {saveLabel(isSaving)}
          </Button>
          <div className="hidden items-center gap-2 sm:flex">
            <DownloadPdfButton ensureSaved={ensureSaved} />
            <PrintButton ensureSaved={ensureSaved} />
          </div>
        </div>
      </div>
    </header>
  );
}

/** Download PDF and Print on a phone, at the top of the page instead of in the sticky header. */
export function PdfActionsRow({ ensureSaved }: { ensureSaved: () => Promise<string> }) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:hidden [&_button]:h-11 [&_button]:w-full">
      <DownloadPdfButton ensureSaved={ensureSaved} />
      <PrintButton ensureSaved={ensureSaved} />
    </div>
  );
}

export type BuilderView = "edit" | "preview";

/**
 * Outside the page, because a first save moves the builder to the program's own address (a new
 * page): a family looking at the preview who taps Save keeps looking at it.
 */
export const builderView = proxy<{ view: BuilderView; editingScroll: number }>({
  view: "edit",
  editingScroll: 0,
});

/**
 * Below the lg breakpoint the preview cannot sit beside the form: this bar, fixed at the bottom
 * where a thumb rests, switches between the form and the preview and saves. Its left end stays
 * empty for the Support Assistant's round button, so the button covers nothing.
 */
export function BuilderPhoneBar({
  onSave,
  isSaving,
  view,
  onViewChange,
}: SaveProps & { view: BuilderView; onViewChange: (view: BuilderView) => void }) {
  return (
    <div
      data-testid="builder-phone-bar"
      className="fixed inset-x-0 bottom-0 z-30 h-[4.5rem] border-t bg-card/95 backdrop-blur lg:hidden"
    >
      <div className="mx-auto flex h-full max-w-3xl items-center gap-2 py-3 pl-[5.5rem] pr-4">
        {view === "edit" ? (
          <Button variant="outline" className="h-11 flex-1" onClick={() => onViewChange("preview")}>
            <Eye aria-hidden="true" />
            Preview
          </Button>
        ) : (
          <Button variant="outline" className="h-11 flex-1" onClick={() => onViewChange("edit")}>
            <PencilLine aria-hidden="true" />
            Edit
          </Button>
        )}
        <Button onClick={onSave} disabled={isSaving} className="h-11 flex-1">
          <Save aria-hidden="true" />
          {saveLabel(isSaving)}
        </Button>
      </div>
    </div>
  );
}
