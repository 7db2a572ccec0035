// The batch's ZIP or combined PDF. A server that prints in its own process answers with the file;
// one with print workers answers 202 and a status address, followed here with progress until the
// file is ready.
import { useEffect, useRef, useState } from "react";
import {
  type PrintJobStatus,
  printJobStartedSchema,
  printJobStatusSchema,
} from "../../../shared/api-answers";
import { ApiError, apiFetch, apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { fileNameFromDisposition, saveBlob, saveUrl } from "../print-export/save-file";

const STATUS_POLL_MS = 1000;
// A status request lost on the way (a dropped connection, a server restarting behind the load
// balancer) is asked again this many times before the download is given up.
const STATUS_RETRIES = 3;
const DOWNLOAD_FAILED = "The PDFs could not be made. Please try again.";

export type BatchProgress = { done: number; total: number; state: PrintJobStatus["state"] | "starting" };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The job's status; only an answer the server gave (a 404, a 429) ends the download at once. */
const statusOf = async (statusUrl: string) => {
  for (let attempt = 0; ; attempt++) {
    try {
      return printJobStatusSchema.parse(await apiRequest("GET", statusUrl));
    } catch (error) {
      if (error instanceof ApiError && error.status < 500) throw error;
      if (attempt === STATUS_RETRIES) throw error;
      await wait(STATUS_POLL_MS);
    }
  }
};

/**
 * Downloads a batch, following its print job when the server answers 202. Kept by the page, not
 * the tab that shows it, so switching tabs neither loses the progress nor starts a second batch;
 * leaving the page stops following it.
 */
export function useBatchDownload() {
  const [progress, setProgress] = useState<BatchProgress>();
  const left = useRef(new AbortController());
  useEffect(() => {
    const page = new AbortController();
    left.current = page;
    return () => page.abort();
  }, []);

  const follow = async (statusUrl: string, signal: AbortSignal) => {
    while (!signal.aborted) {
      const status = await statusOf(statusUrl);
      setProgress({ done: status.done, total: status.total, state: status.state });
      if (status.state === "failed") throw new Error(DOWNLOAD_FAILED);
      if (status.downloadUrl) return status.downloadUrl;
      await wait(STATUS_POLL_MS);
    }
    return undefined; // the page was left: there is nothing to save
  };

  const download = async (url: string, total: number) => {
    const signal = left.current.signal;
    setProgress({ done: 0, total, state: "starting" });
    try {
      const response = await apiFetch("GET", url);
      if (response.status === 202) {
        const { statusUrl } = printJobStartedSchema.parse(await response.json());
        const downloadUrl = await follow(statusUrl, signal);
        if (!downloadUrl) return;
        saveUrl(downloadUrl);
      } else {
        const fallback = url.includes("combine=1") ? "memorial-programs.pdf" : "memorial-programs.zip";
        saveBlob(
          await response.blob(),
          fileNameFromDisposition(response.headers.get("content-disposition"), fallback),
        );
      }
      toast({ title: "PDFs ready", description: `${total} programs` });
    } catch (error) {
      if (signal.aborted) return;
      toast({
        title: "Download failed",
        description: messageOf(error, DOWNLOAD_FAILED),
        variant: "destructive",
      });
    } finally {
      if (!signal.aborted) setProgress(undefined);
    }
  };

  return { progress, download };
}

export type BatchDownload = ReturnType<typeof useBatchDownload>;

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
