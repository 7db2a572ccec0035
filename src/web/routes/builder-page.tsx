import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { FileQuestion, History } from "lucide-react";
import { useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { useSnapshot } from "valtio";
import type { ProgramInput } from "../../shared/schemas";
import { Button } from "../components/ui/button";
import { Card, CardContent } from "../components/ui/card";
import { Spinner } from "../components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../components/ui/tabs";
import { AiWriterTab, type AiWriterTabProps } from "../features/ai-writer/ai-writer-tab";
import { ProgramLimitNotice } from "../features/billing/program-limit-notice";
import { BookletPreview } from "../features/builder/booklet-preview";
import {
  BuilderHeader,
  BuilderPhoneBar,
  type BuilderView,
  builderView,
  PdfActionsRow,
} from "../features/builder/builder-header";
import type { BuilderSearch, BuilderTab } from "../features/builder/builder-search";
import {
  builderStore,
  discardChanges,
  isDraftDirty,
  updateDraft,
  updateTribute,
} from "../features/builder/builder-store";
import { type ContentSection, ContentTab } from "../features/builder/content-tab";
import { DesignTab } from "../features/builder/design-tab";
import { PromoCards } from "../features/builder/promo-cards";
import { SaveConflictDialog } from "../features/builder/save-conflict-dialog";
import { UnsavedChangesGuard } from "../features/builder/unsaved-changes-guard";
import { useBuilderSession } from "../features/builder/use-builder-session";
import { useFocusHighlight } from "../features/builder/use-focus-highlight";
import { useSaveProgram } from "../features/builder/use-save-program";
import { ExportTab } from "../features/print-export/export-tab";

const sectionForFocus = (focus: string | undefined): ContentSection =>
  focus === "photos" ? "photos" : "basic";

/** AI Writer's Apply Changes: the improved text goes into the field it was written for. */
const applyWriting: AiWriterTabProps["onApply"] = (field, text) => {
  if (typeof field === "string") updateDraft({ [field]: text });
  else updateTribute(field.tributeId, { message: text });
};

/**
 * On a phone every control of the builder is at least 44 px tall, the size a thumb hits without
 * aiming (the app's controls are 36-40 px, sized for a mouse). Checkboxes and radios are reached
 * through their larger labels.
 */
const THUMB_SIZED =
  "max-sm:[&_[role=tab]]:min-h-11 max-sm:[&_button]:min-h-11 max-sm:[&_select]:min-h-11 max-sm:[&_input:not([type=checkbox]):not([type=radio])]:min-h-11";

/** A field scrolled to (a keyboard's Tab, a search's focus) stops clear of the sticky header and the phone bar. */
const CLEAR_OF_BARS = "[html:has(&)]:scroll-pt-24 max-lg:[html:has(&)]:scroll-pb-24";

export function BuilderPage() {
  const { id } = useParams({ strict: false }) as { id?: string };
  const search = useSearch({ strict: false }) as BuilderSearch;
  const navigate = useNavigate();
  const state = useBuilderSession(id, search.example === true);
  const { save, ensureSaved, isSaving } = useSaveProgram();
  const tab: BuilderTab = search.tab ?? "content";
  const [section, setSection] = useState<ContentSection>(sectionForFocus(search.focus));
  // sync: the view must be drawn before the scroll position is set.
  const { view } = useSnapshot(builderView, { sync: true });

  useEffect(() => {
    if (search.focus === "photos") setSection("photos");
  }, [search.focus]);
  useFocusHighlight(search.focus, state === "ready");

  // The design tool is recorded with a saved program at once (spec section 4), as Save Draft would;
  // a program never saved keeps it in its draft until the family first saves.
  const recordToolChoice = () => {
    if (builderStore.programId) save().catch(() => undefined);
  };

  // A tab or promo card changes the tab and focus; the example stays the example (without its flag
  // the builder would swap to a new, blank program).
  const openSearch = (next: BuilderSearch) => {
    void navigate({ to: ".", search: { ...next, ...(search.example && { example: true }) }, replace: true });
    document.getElementById("builder-panel")?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  // Below lg the preview shows alone at the top, so a choice's effect is seen without scrolling past
  // the form; the form stays mounted (nothing typed is lost) and Edit returns to where it was.
  const changeView = (next: BuilderView) => {
    if (next === "preview") builderView.editingScroll = window.scrollY;
    flushSync(() => {
      builderView.view = next;
    });
    window.scrollTo(0, next === "preview" ? 0 : builderView.editingScroll);
  };
  const onSave = () => save().catch(() => undefined);
  const editingOnly = view === "preview" ? "hidden lg:block" : "";

  if (state === "not-found") return <ProgramNotFound />;
  if (state === "loading") {
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-3 text-muted-foreground">
        <Spinner label="Loading program" />
        <p>Loading program...</p>
      </div>
    );
  }

  return (
    <div className={`flex min-h-screen flex-col ${THUMB_SIZED} ${CLEAR_OF_BARS}`}>
      <BuilderHeader onSave={onSave} isSaving={isSaving} ensureSaved={ensureSaved} />
      {/* Room below for the phone bar; from lg a left gutter where the Support Assistant's round
          button sits beside the form instead of over it. */}
      <main className="mx-auto grid w-full max-w-7xl grid-cols-[minmax(0,1fr)] gap-6 px-4 pt-4 pb-28 sm:gap-8 sm:px-6 sm:pt-6 lg:py-8 lg:pl-24">
        <PdfActionsRow ensureSaved={ensureSaved} />
        <RestoredDraftNotice />
        {/* A new program would be refused at the plan's limit: say so before the family fills it in. */}
        {!id && <ProgramLimitNotice />}
        <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,520px)]">
          <section
            id="builder-panel"
            aria-label="Program details"
            className={`min-w-0 scroll-mt-24 ${editingOnly}`}
          >
            <Tabs
              value={tab}
              onValueChange={(value) => openSearch({ tab: value as BuilderTab })}
              className="rounded-lg border bg-card p-4 sm:p-6"
            >
              <TabsList
                aria-label="Builder sections"
                className="grid h-auto w-full grid-cols-2 sm:grid-cols-4"
              >
                <TabsTrigger value="content">Content</TabsTrigger>
                <TabsTrigger value="ai-writing">AI Writer</TabsTrigger>
                <TabsTrigger value="design">Design</TabsTrigger>
                <TabsTrigger value="export">Export</TabsTrigger>
              </TabsList>
              <TabsContent value="content">
                <ContentTab section={section} onSectionChange={setSection} />
              </TabsContent>
              <TabsContent value="ai-writing">
                <BuilderAiWriter />
              </TabsContent>
              <TabsContent value="design">
                <DesignTab />
              </TabsContent>
              <TabsContent value="export">
                <BuilderExport onToolChosen={recordToolChoice} />
              </TabsContent>
            </Tabs>
          </section>
          <aside aria-label="Preview" className="min-w-0 lg:sticky lg:top-24 lg:self-start">
            <BookletPreview />
          </aside>
        </div>
        <div className={editingOnly}>
          <PromoCards onOpen={openSearch} />
        </div>
      </main>
      <BuilderPhoneBar onSave={onSave} isSaving={isSaving} view={view} onViewChange={changeView} />
      <UnsavedChangesGuard />
      <SaveConflictDialog onKeepMine={() => save().catch(() => undefined)} />
    </div>
  );
}

function BuilderAiWriter() {
  const { draft } = useSnapshot(builderStore);
  return <AiWriterTab program={draft as ProgramInput} onApply={applyWriting} />;
}

function BuilderExport({ onToolChosen }: { onToolChosen: () => void }) {
  const { draft, programId } = useSnapshot(builderStore);
  return (
    <ExportTab
      program={draft as ProgramInput}
      programId={programId ?? undefined}
      onChange={updateDraft}
      onToolChosen={onToolChosen}
    />
  );
}

function RestoredDraftNotice() {
  const snap = useSnapshot(builderStore);
  if (!snap.restored || !isDraftDirty(snap)) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-highlight/60 bg-highlight/10 p-4 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="flex items-start gap-2 text-sm">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {snap.programId
          ? "We restored changes to this program that were not saved yet. Save to keep them."
          : "We restored the program you were writing on this device. Save it to keep it in your account."}
      </p>
      <Button variant="outline" size="sm" onClick={discardChanges}>
        {snap.programId ? "Discard Changes" : "Start Over"}
      </Button>
    </div>
  );
}

function ProgramNotFound() {
  return (
    <main className="flex min-h-screen items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md shadow-sm">
        <CardContent className="grid gap-4 pt-6 text-center">
          <FileQuestion aria-hidden="true" className="mx-auto size-10 text-highlight" />
          <h1 className="text-2xl font-semibold text-primary">Program not found</h1>
          <p className="text-muted-foreground">
            This program does not exist or belongs to another account. It may have been deleted.
          </p>
          <div className="flex flex-col justify-center gap-2 sm:flex-row">
            <Button asChild>
              <Link to="/programs">My Programs</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/program-builder">Create a New Program</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </main>
  );
}
