// The builder's print check: what the booklet planner adjusted to fit, and what still needs care.
import { AlertTriangle, CheckCircle2, Info } from "lucide-react";
import { useId, useMemo } from "react";
import { planBooklet } from "../../../print/booklet/plan-booklet";
import type { ProgramInput } from "../../../shared/schemas";
import { useMissingPhotos } from "./use-missing-photos";

export function PrintCheckPanel({ program }: { program: ProgramInput }) {
  const isMissing = useMissingPhotos(program);
  const plan = useMemo(() => planBooklet(program, { isMissing }), [program, isMissing]);
  const warnings = plan.checks.filter((c) => c.level === "warning");
  const notes = plan.checks.filter((c) => c.level === "info");
  // The builder shows this panel twice (beside the preview and in the Export tab): ids must differ.
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-lg border p-4 text-sm">
      <h3 id={headingId} className="font-semibold">
        Print check
      </h3>
      <p className="mt-1 text-muted-foreground">
        {plan.pages.length} pages
        {warnings.length === 0
          ? ". Everything fits and is ready to print."
          : `; ${warnings.length} to look at.`}
      </p>
      {plan.checks.length > 0 ? (
        <ul className="mt-3 space-y-2">
          {[...warnings, ...notes].map((check) => (
            <li key={check.message} className="flex gap-2">
              {check.level === "warning" ? (
                <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-label="Warning" />
              ) : (
                <Info className="mt-0.5 size-4 shrink-0 text-sky-700" aria-label="Adjusted" />
              )}
              <span>{check.message}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 flex items-center gap-2 text-emerald-700">
          <CheckCircle2 className="size-4" aria-hidden="true" /> Nothing was adjusted.
        </p>
      )}
    </section>
  );
}
