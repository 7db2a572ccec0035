// The batch's ZIP or combined PDF. A server that prints in its own process answers with the file;
// one with print workers answers 202 and a status address, followed here with progress until the
// file is ready.
import { useState } from "react";
import type { PrintJobStatus } from "../../../shared/api-answers";
import { apiFetch, apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { fileNameFromDisposition, saveBlob } from "../print-export/save-file";

const STATUS_POLL_MS = 1000;
const DOWNLOAD_FAILED = "The PDFs could not be made. Please try again.";

export type BatchProgress = { done: number; total: number; state: PrintJobStatus["state"] | "starting" };

/** Hands the finished download to the browser, which streams it to disk. */
const saveFrom = (url: string) => {
  const link = document.createElement("a");
  link.href = url;
  link.download = "";
  document.body.append(link);
  link.click();
  link.remove();
};

export function useBatchDownload() {
  const [progress, setProgress] = useState<BatchProgress>();

  const follow = async (statusUrl: string) => {
    for (;;) {
      const status = await apiRequest<PrintJobStatus>("GET", statusUrl);
      setProgress({ done: status.done, total: status.total, state: status.state });
      if (status.state === "failed") throw new Error(DOWNLOAD_FAILED);
      if (status.downloadUrl) return status.downloadUrl;
      await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    }
  };

  const download = async (url: string, total: number) => {
    setProgress({ done: 0, total, state: "starting" });
    try {
      const response = await apiFetch("GET", url);
      if (response.status === 202) {
        const { statusUrl } = (await response.json()) as { statusUrl: string };
        saveFrom(await follow(statusUrl));
      } else {
        const fallback = url.includes("combine=1") ? "memorial-programs.pdf" : "memorial-programs.zip";
        saveBlob(
          await response.blob(),
          fileNameFromDisposition(response.headers.get("content-disposition"), fallback),
        );
      }
      toast({ title: "PDFs ready", description: `${total} programs` });
    } catch (error) {
      toast({
        title: "Download failed",
        description: messageOf(error, DOWNLOAD_FAILED),
        variant: "destructive",
      });
    } finally {
      setProgress(undefined);
    }
  };

  return { progress, download };
}

const describe = ({ state, done, total }: BatchProgress) => {
  if (state === "starting") return "Preparing your download…";
  if (state === "queued") return `Waiting for the printer (${total} programs)…`;
  if (state === "done") return "Downloading…";
  return `Printing ${Math.min(done + 1, total)} of ${total}…`;
};

/** "Printing 7 of 20…" over a bar, announced to screen readers as it changes. */
export function BatchDownloadProgress({ progress }: { progress: BatchProgress }) {
  return (
    <div className="grid gap-2 rounded-md border bg-muted/40 p-4">
      <p role="status" className="text-sm font-medium">
        {describe(progress)}
      </p>
      <progress
        aria-label="PDFs printed"
        className="h-2 w-full overflow-hidden rounded-full [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-border [&::-webkit-progress-value]:bg-primary"
        max={progress.total}
        value={progress.done}
      />
    </div>
  );
}
