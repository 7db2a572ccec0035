// The builder's print check: what the booklet planner adjusted to fit, and what still needs care.
import { AlertTriangle, CheckCircle2, Info } from "lucide-react";
import { useId, useMemo } from "react";
import { type BookletPlan, planBooklet } from "../../../print/booklet/plan-booklet";
import type { BookletPages } from "../../../shared/constants";
import type { ProgramInput } from "../../../shared/schemas";
import { Button } from "../../components/ui/button";
import { useMissingPhotos } from "./use-missing-photos";

export function PrintCheckPanel({
  program,
  onBookletPagesChange,
}: {
  program: ProgramInput;
  /** Switches between the 8- and 4-page booklet; without it the panel only reports. */
  onBookletPagesChange?: (pages: BookletPages) => void;
}) {
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
      {onBookletPagesChange ? (
        <BookletLengthOffer
          program={program}
          plan={plan}
          isMissing={isMissing}
          onChange={onBookletPagesChange}
        />
      ) : null}
    </section>
  );
}

/**
 * A program whose content fits 4 pages prints notes pages or leaves sections out in 8: offer the
 * 4-page booklet instead of padding; a 4-page booklet can always go back to 8.
 */
function BookletLengthOffer({
  program,
  plan,
  isMissing,
  onChange,
}: {
  program: ProgramInput;
  plan: BookletPlan;
  /** The same missing photos the shown plan leaves out, so the offer matches what would print. */
  isMissing: (url: string) => boolean;
  onChange: (pages: BookletPages) => void;
}) {
  const fitsFour = useMemo(
    () =>
      program.bookletPages === "8" &&
      planBooklet({ ...program, bookletPages: "4" }, { isMissing }).pages.length === 4,
    [program, isMissing],
  );
  if (program.bookletPages === "4") {
    return (
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t pt-3">
        <span className="text-muted-foreground">
          {plan.pages.length === 4 ? "Printing as a 4-page booklet." : "Printing as 8 pages: 4 are too few."}
        </span>
        <Button variant="outline" size="sm" onClick={() => onChange("8")}>
          Use 8 pages
        </Button>
      </div>
    );
  }
  if (!fitsFour) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t pt-3">
      <span className="text-muted-foreground">Everything this program has fits a 4-page booklet.</span>
      <Button size="sm" onClick={() => onChange("4")}>
        Use a 4-page booklet
      </Button>
    </div>
  );
}
