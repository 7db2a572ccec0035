import { Link } from "@tanstack/react-router";
import { Download, FileText, Pencil, Printer } from "lucide-react";
import type { MouseEvent } from "react";
import type { BatchTemplate } from "../../../shared/constants";
import { Badge } from "../../components/ui/badge";
import { Button, buttonVariants } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { cn } from "../../lib/cn";
import { type BatchDownload, BatchDownloadProgress } from "./batch-download";
import { capitalize } from "./service-card";
import type { BatchService } from "./use-batch-services";

export type GeneratedProgram = { id: string; fullName: string };

const localeDate = (value: string) => {
  if (!value) return "No date";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "No date" : date.toLocaleDateString();
};

// While a download is followed the links are aria-disabled, which the button styles do not cover.
const FOLLOWING_STYLE = "aria-disabled:pointer-events-none aria-disabled:opacity-50";

const batchPdfUrl = (programs: GeneratedProgram[], combine: boolean) => {
  const query = new URLSearchParams({ ids: programs.map((p) => p.id).join(",") });
  if (combine) query.set("combine", "1");
  return `/api/programs/batch/pdf?${query}`;
};

export function GeneratePanel({
  services,
  template,
  generating,
  onGenerate,
  generated,
  batchDownload: { progress, download },
}: {
  services: BatchService[];
  template: BatchTemplate;
  generating: boolean;
  onGenerate: () => void;
  generated: GeneratedProgram[];
  batchDownload: BatchDownload;
}) {
  // The links stay real links (copyable, usable without script); a click follows the print job here.
  const startDownload = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!progress) void download(event.currentTarget.href, generated.length);
  };
  return (
    <div className="grid gap-6">
      {services.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          No services configured. Please add services in the Setup tab.
        </p>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>Summary</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            <dl className="grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-muted-foreground">Services</dt>
                <dd className="text-2xl font-semibold">{services.length}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Template theme</dt>
                <dd className="text-2xl font-semibold">{capitalize(template.colorTheme)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">Output format</dt>
                <dd className="text-2xl font-semibold">PDF</dd>
              </div>
            </dl>
            <ul aria-label="Services to generate" className="divide-y rounded-md border">
              {services.map((service, i) => (
                <li key={service.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <div>
                    <p className="font-medium">{service.fullName || `Service #${i + 1}`}</p>
                    <p className="text-sm text-muted-foreground">
                      {localeDate(service.serviceDate)} · {service.location || "No location"}
                    </p>
                  </div>
                  <Badge variant="outline">{capitalize(service.colorTheme)}</Badge>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
      <div>
        <Button size="lg" onClick={onGenerate} disabled={generating}>
          <FileText aria-hidden />
          {generating ? "Generating Programs..." : "Generate All Programs"}
        </Button>
      </div>
      {generated.length > 0 && (
        <section aria-labelledby="generated-heading" className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="generated-heading" className="text-2xl font-medium text-primary">
              Generated Programs ({generated.length})
            </h2>
            <div className="flex flex-wrap gap-2">
              <a
                className={cn(buttonVariants({ variant: "outline" }), FOLLOWING_STYLE)}
                href={batchPdfUrl(generated, false)}
                aria-disabled={progress !== undefined}
                onClick={startDownload}
                download
              >
                <Download aria-hidden />
                Download all PDFs (ZIP)
              </a>
              <a
                className={cn(buttonVariants({ variant: "outline" }), FOLLOWING_STYLE)}
                href={batchPdfUrl(generated, true)}
                aria-disabled={progress !== undefined}
                onClick={startDownload}
                download
              >
                <FileText aria-hidden />
                One combined PDF
              </a>
            </div>
          </div>
          {progress && <BatchDownloadProgress progress={progress} />}
          <ul className="grid gap-2">
            {generated.map((program) => (
              <li
                key={program.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border p-4"
              >
                <div>
                  <p className="font-medium">{program.fullName || "Untitled program"}</p>
                  <p className="text-sm text-muted-foreground">
                    Generated successfully · ID: <span className="font-mono">{program.id}</span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button asChild variant="outline" size="sm">
                    <Link
                      to="/program-builder/$id"
                      params={{ id: program.id }}
                      aria-label={`Edit ${program.fullName || "program"}`}
                    >
                      <Pencil aria-hidden="true" />
                      Edit
                    </Link>
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Print ${program.fullName || "program"}`}
                    onClick={() => window.print()}
                  >
                    <Printer aria-hidden />
                    Print
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
