// Poppler's command-line tools, the independent reader of every PDF the engine writes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const run = (args: string[]) => {
  const proc = Bun.spawnSync(args, { stdout: "pipe", stderr: "pipe" });
  if (proc.exitCode !== 0) throw new Error(`${args[0]} failed: ${proc.stderr.toString()}`);
  return proc.stdout.toString();
};

/** Runs a poppler tool on the PDF bytes (written to a temp file). */
export const withPdfFile = <T>(pdf: Uint8Array, use: (path: string) => T): T => {
  const dir = mkdtempSync(join(tmpdir(), "keepsake-pdf-"));
  const path = join(dir, "doc.pdf");
  writeFileSync(path, pdf);
  try {
    return use(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

export const pdfInfo = (pdf: Uint8Array) =>
  withPdfFile(pdf, (path) => {
    const out = run(["pdfinfo", "-box", path]);
    const field = (name: string) => out.match(new RegExp(`^${name}:\\s+(.+)$`, "m"))?.[1]?.trim() ?? "";
    const box = (name: string) => field(name).split(/\s+/).map(Number);
    return {
      pages: Number(field("Pages")),
      pageSize: field("Page size"),
      mediaBox: box("MediaBox"),
      trimBox: box("TrimBox"),
      bleedBox: box("BleedBox"),
      title: field("Title"),
    };
  });

export type PdfFont = { name: string; type: string; embedded: boolean; subset: boolean };

export const pdfFonts = (pdf: Uint8Array): PdfFont[] =>
  withPdfFile(pdf, (path) =>
    run(["pdffonts", path])
      .split("\n")
      .slice(2)
      .filter((line) => line.trim())
      .map((line) => {
        const m = line.match(/^(\S+)\s+(.+?)\s{2,}(\S+)\s+(yes|no)\s+(yes|no)\s+(yes|no)/);
        return {
          name: m?.[1] ?? line,
          type: m?.[2] ?? "",
          embedded: m?.[4] === "yes",
          subset: m?.[5] === "yes",
        };
      }),
  );

/** The text of the PDF (or of one page), with line breaks and hyphen-free wrapping joined by spaces. */
export const pdfText = (pdf: Uint8Array, page?: number) =>
  withPdfFile(pdf, (path) =>
    run(["pdftotext", "-enc", "UTF-8", ...(page ? ["-f", String(page), "-l", String(page)] : []), path, "-"]),
  );

/** Text flattened to single spaces, for looking up phrases that wrap across lines. */
export const flatText = (text: string) => text.replace(/\s+/g, " ");

/** Words with their boxes (pdftotext -bbox), for checking where pages sit on an imposed sheet. */
export const pdfWords = (pdf: Uint8Array, page: number) =>
  withPdfFile(pdf, (path) => {
    const html = run(["pdftotext", "-bbox", "-f", String(page), "-l", String(page), path, "-"]);
    return [
      ...html.matchAll(
        /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
      ),
    ].map((m) => ({
      xMin: Number(m[1]),
      yMin: Number(m[2]),
      xMax: Number(m[3]),
      yMax: Number(m[4]),
      text: m[5] ?? "",
    }));
  });

/** Renders one page to PNG bytes at a resolution. */
export const pdfPagePng = (pdf: Uint8Array, page: number, dpi = 50) =>
  withPdfFile(pdf, (path) => {
    const out = `${path}-page`;
    run([
      "pdftoppm",
      "-png",
      "-r",
      String(dpi),
      "-f",
      String(page),
      "-l",
      String(page),
      "-singlefile",
      path,
      out,
    ]);
    return new Uint8Array(readFileSync(`${out}.png`));
  });

/** Text in content order (pdftotext -raw) with all white space removed: finds rotated or spaced-out text. */
export const pdfRawLetters = (pdf: Uint8Array, page?: number) =>
  withPdfFile(pdf, (path) =>
    run([
      "pdftotext",
      "-raw",
      "-enc",
      "UTF-8",
      ...(page ? ["-f", String(page), "-l", String(page)] : []),
      path,
      "-",
    ]),
  ).replace(/\s+/g, "");
