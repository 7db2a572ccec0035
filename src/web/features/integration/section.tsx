import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "../../components/ui/card";

/** One titled part of the integration page; the heading names the region for screen readers. */
export function IntegrationSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardHeader>
          <h2 id={id} className="font-serif text-2xl font-semibold text-primary">
            {title}
          </h2>
          <CardDescription className="text-base">{description}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-5">{children}</CardContent>
      </Card>
    </section>
  );
}

/** "23 Nov 2026, 11:05" in the reader's own time zone; "Never" when absent. */
export const formatWhen = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" }) : "Never";

/** A value shown once (a key, a secret) with a copy button and the warning that it will not come back. */
export function ShownOnce({ label, value, note }: { label: string; value: string; note: string }) {
  return (
    <div
      role="status"
      className="space-y-2 rounded-md border border-highlight/60 bg-highlight/10 p-4 text-sm"
    >
      <p className="font-medium">{label}</p>
      <code className="block break-all rounded bg-background px-3 py-2 font-mono text-sm">{value}</code>
      <p className="text-muted-foreground">{note}</p>
      <CopyButton value={value} />
    </div>
  );
}

function CopyButton({ value }: { value: string }) {
  return (
    <button
      type="button"
      className="text-sm font-medium text-primary underline underline-offset-4"
      onClick={() => navigator.clipboard?.writeText(value)}
    >
      Copy to clipboard
    </button>
  );
}

/** A table a narrow screen scrolls sideways; the region takes focus so a keyboard can scroll it too. */
export function ScrollingTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="overflow-x-auto rounded-md border">
      {children}
    </section>
  );
}
