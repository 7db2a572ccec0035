// Hands a file to the browser as a download.
import type { ExportFile } from "../../../print/exports/export-file";

/** Downloads what `url` answers, named `fileName` (or as the server's Content-Disposition says when ""). */
export const saveUrl = (url: string, fileName = "") => {
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
};

export const saveBlob = (blob: Blob, fileName: string) => {
  const url = URL.createObjectURL(blob);
  saveUrl(url, fileName);
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
};

export const saveExport = (file: ExportFile) =>
  saveBlob(new Blob([file.content], { type: `${file.mimeType};charset=utf-8` }), file.fileName);

/** The file name of a Content-Disposition header, UTF-8 form first. */
export const fileNameFromDisposition = (header: string | null, fallback: string) => {
  const utf8 = header?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (utf8) return decodeURIComponent(utf8);
  return header?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
};
