// Download PDF (a variant chooser) and Print (a print window) in the builder's header.
import * as Dialog from "@radix-ui/react-dialog";
import { Download, Loader2, Printer, X } from "lucide-react";
import { useId, useState } from "react";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";
import { BookletPageView } from "../../../print/booklet/booklet-page";
import { planBooklet } from "../../../print/booklet/plan-booklet";
import type { Program } from "../../../shared/schemas";
import { Button } from "../../components/ui/button";
import { RadioCard } from "../../components/ui/radio-card";
import { apiFetch, apiRequest, messageOf } from "../../lib/api";
import { useEntitlements } from "../../lib/entitlements";
import { toast } from "../../lib/toast-store";
import { fileNameFromDisposition, saveBlob } from "./save-file";

export type PdfActionProps = {
  /** Saves the draft if needed and resolves to the program's id. */
  ensureSaved: () => Promise<string>;
};

type Variant = "print" | "booklet-letter" | "booklet-tabloid" | "pages";

const VARIANTS: { id: Variant; title: string; advice: string }[] = [
  {
    id: "print",
    title: "Print shop",
    advice: "For a print shop: full-size 8.5 x 11 in pages with the 0.125 in bleed printers ask for.",
  },
  {
    id: "booklet-letter",
    title: "Home printer",
    advice:
      "For your printer at home: a half-size booklet on letter paper. Print double-sided, flip on the short edge, fold and staple.",
  },
  {
    id: "booklet-tabloid",
    title: "Print shop booklet (11 x 17 in)",
    advice:
      "For a print shop that folds and staples: full-size pages two to an 11 x 17 in sheet, in booklet order.",
  },
  {
    id: "pages",
    title: "Email and screens",
    advice: "To email to family or read on a screen: plain 8.5 x 11 in pages in reading order.",
  },
];

const PREPARING_RETRY_MS = 3000;
const PREPARING_MAX_TRIES = 60;

/** Said when the server gave no message of its own (an error page from a proxy, a lost connection). */
const PDF_FAILED = "The PDF could not be made. Please try again.";

class PdfTimeoutError extends Error {}

/**
 * Fetches the PDF. A CMYK file, or any PDF a print worker is still printing, answers 202 while it
 * is being prepared, so ask again until ready.
 */
const fetchPdf = async (path: string, onPreparing: (message: string) => void) => {
  for (let attempt = 0; attempt < PREPARING_MAX_TRIES; attempt++) {
    const response = await apiFetch("GET", path);
    if (response.status !== 202) return response;
    const body = (await response.json()) as { message?: string };
    onPreparing(body.message ?? "Preparing your PDF...");
    await new Promise((resolve) => setTimeout(resolve, PREPARING_RETRY_MS));
  }
  throw new PdfTimeoutError("The PDF is taking too long. Please try again in a minute.");
};

export function DownloadPdfButton({ ensureSaved }: PdfActionProps) {
  const [open, setOpen] = useState(false);
  const [variant, setVariant] = useState<Variant>("print");
  const [marks, setMarks] = useState(false);
  const [cmyk, setCmyk] = useState(false);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const groupName = useId();

  const download = async () => {
    setBusy(true);
    setStatus("Saving and preparing your PDF...");
    try {
      const id = await ensureSaved();
      const query = new URLSearchParams({ variant });
      if (variant === "print" && marks) query.set("marks", "1");
      if (variant === "print" && cmyk) query.set("cmyk", "1");
      const response = await fetchPdf(`/api/programs/${encodeURIComponent(id)}/pdf?${query}`, setStatus);
      const fileName = fileNameFromDisposition(
        response.headers.get("content-disposition"),
        "memorial-program.pdf",
      );
      saveBlob(await response.blob(), fileName);
      setOpen(false);
      toast({ title: "PDF ready", description: fileName });
    } catch (error) {
      toast({
        title: "PDF download failed",
        description: error instanceof PdfTimeoutError ? error.message : messageOf(error, PDF_FAILED),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
      setStatus("");
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="outline">
          <Download aria-hidden="true" />
          Download PDF
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(calc(100vw-2rem),32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border bg-background p-4 shadow-lg sm:p-6">
          <Dialog.Title className="text-lg font-semibold">Download PDF</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-muted-foreground">
            Choose where the program will be printed.
          </Dialog.Description>
          <fieldset className="mt-4 space-y-2" disabled={busy}>
            <legend className="sr-only">PDF format</legend>
            {VARIANTS.map((option) => (
              <RadioCard
                key={option.id}
                name={groupName}
                value={option.id}
                checked={variant === option.id}
                onSelect={() => setVariant(option.id)}
                title={option.title}
                description={option.advice}
              />
            ))}
          </fieldset>
          {variant === "print" ? (
            <fieldset className="mt-4 space-y-2 text-sm" disabled={busy}>
              <legend className="sr-only">Print shop options</legend>
              <label className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="accent-primary"
                  checked={marks}
                  onChange={(e) => setMarks(e.target.checked)}
                />
                Add crop marks
              </label>
              <label className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-1 accent-primary"
                  checked={cmyk}
                  onChange={(e) => setCmyk(e.target.checked)}
                />
                <span>
                  Convert to CMYK
                  <span className="block text-muted-foreground">
                    Most printers accept the standard RGB file; a printer's own ICC profile gives the best
                    CMYK. Takes about ten seconds.
                  </span>
                </span>
              </label>
            </fieldset>
          ) : null}
          <p className="mt-3 min-h-5 text-sm text-muted-foreground" aria-live="polite">
            {status}
          </p>
          <div className="mt-4 flex justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="ghost" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button onClick={download} disabled={busy}>
              {busy ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Download aria-hidden="true" />
              )}
              {busy ? "Preparing..." : "Download"}
            </Button>
          </div>
          <Dialog.Close asChild>
            <button
              type="button"
              className="absolute right-3 top-3 rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Close"
              disabled={busy}
            >
              <X className="size-4" aria-hidden="true" />
            </button>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The delay between the print window opening and its print dialog. */
const PRINT_DELAY_MS = 1000;
/** How long the print dialog may wait beyond that for photos and fonts still loading. */
const PRINT_LOAD_LIMIT_MS = 10_000;

/** Paper size for print; on screen, the pages as sheets on a grey desk until the dialog opens. */
const PRINT_WINDOW_CSS = `
@page { size: 8.5in 11in; margin: 0 }
html, body { margin: 0; padding: 0; background: #fff }
@media screen {
  body { background: #e7e5e4; padding: 24px 0 }
  .booklet-page { margin: 0 auto 24px; box-shadow: 0 2px 12px rgba(0, 0, 0, 0.25) }
  .print-window-status { font: 16px/1.5 system-ui, sans-serif; color: #44403c; text-align: center; padding: 48px 16px }
}`;

/** Opens the print window's page with the app's stylesheets and a "preparing" line. */
const preparePrintWindow = (win: Window) => {
  const doc = win.document;
  doc.title = "Memorial program";
  for (const node of document.querySelectorAll('link[rel="stylesheet"], style')) {
    doc.head.append(node.cloneNode(true));
  }
  const style = doc.createElement("style");
  style.textContent = PRINT_WINDOW_CSS;
  doc.head.append(style);
  const status = doc.createElement("p");
  status.className = "print-window-status";
  status.textContent = "Preparing the program for printing...";
  doc.body.append(status);
};

/** Resolves when the window's fonts and photos have loaded (or failed), or after the limit. */
const whenLoaded = (win: Window) =>
  Promise.race([
    Promise.all([
      win.document.fonts.ready,
      ...Array.from(win.document.images, (img) => img.decode().catch(() => undefined)),
    ]),
    new Promise((resolve) => win.setTimeout(resolve, PRINT_LOAD_LIMIT_MS)),
  ]);

/** Shows the booklet pages in the print window; its print dialog opens a second after the window did. */
const printInWindow = (win: Window, program: Program, openedAt: number, watermark: string | undefined) => {
  const doc = win.document;
  doc.title = program.fullName ? `${program.fullName}: memorial program` : "Memorial program";
  doc.body.replaceChildren();
  // The same isolation as the preview: the booklet sees browser defaults, not the app's reset.
  const container = doc.createElement("div");
  container.className = "booklet-isolate";
  doc.body.append(container);
  const plan = planBooklet(program);
  flushSync(() =>
    createRoot(container).render(
      plan.pages.map((page) => (
        <BookletPageView key={page.key} program={program} page={page} watermark={watermark} />
      )),
    ),
  );
  win.setTimeout(
    async () => {
      await whenLoaded(win);
      win.focus();
      win.print();
    },
    Math.max(0, openedAt + PRINT_DELAY_MS - Date.now()),
  );
};

export function PrintButton({ ensureSaved }: PdfActionProps) {
  const [busy, setBusy] = useState(false);
  const { watermark } = useEntitlements();
  const print = async () => {
    // Open the window inside the click, or pop-up blockers refuse it.
    const win = window.open("", "_blank", "width=900,height=1000");
    const openedAt = Date.now();
    if (!win) {
      toast({
        title: "Print window blocked",
        description: "Please allow pop-ups for this site to print.",
        variant: "destructive",
      });
      return;
    }
    preparePrintWindow(win);
    setBusy(true);
    try {
      const id = await ensureSaved();
      const program = await apiRequest<Program>("GET", `/api/programs/${encodeURIComponent(id)}`);
      printInWindow(win, program, openedAt, watermark);
    } catch (error) {
      win.close();
      toast({
        title: "Printing failed",
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" onClick={print} disabled={busy}>
      <Printer aria-hidden="true" />
      Print
    </Button>
  );
}
