import { Link } from "@tanstack/react-router";
import { ArrowLeft, Save } from "lucide-react";
import { useSnapshot } from "valtio";
import { Button } from "../../components/ui/button";
import { DownloadPdfButton, PrintButton } from "../print-export/pdf-actions";
import { builderStore, isDraftDirty } from "./builder-store";

type BuilderHeaderProps = { onSave: () => void; isSaving: boolean; ensureSaved: () => Promise<string> };

export function BuilderHeader({ onSave, isSaving, ensureSaved }: BuilderHeaderProps) {
  const snap = useSnapshot(builderStore);
  const dirty = isDraftDirty(snap);
  const status = !snap.programId ? "Not saved yet" : dirty ? "Unsaved changes" : "All changes saved";
  return (
    <header className="sticky top-0 z-30 border-b bg-card/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <Button asChild variant="ghost" size="icon" className="shrink-0">
            <Link to="/programs" aria-label="Back to My Programs">
              <ArrowLeft aria-hidden="true" />
            </Link>
          </Button>
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-[0.2em] text-muted-foreground">Program Builder</p>
            <h1 className="truncate font-serif text-lg font-semibold text-primary sm:text-xl">
              {snap.draft.fullName || "New memorial program"}
            </h1>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-1 hidden text-sm text-muted-foreground md:inline" aria-live="polite">
            {status}
          </span>
          <Button onClick={onSave} disabled={isSaving}>
            <Save aria-hidden="true" />
            {isSaving ? "Saving..." : "Save Draft"}
          </Button>
          <DownloadPdfButton ensureSaved={ensureSaved} />
          <PrintButton ensureSaved={ensureSaved} />
        </div>
      </div>
    </header>
  );
}
