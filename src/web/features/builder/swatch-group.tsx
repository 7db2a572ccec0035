import { Check } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";
import { PlanLock, UpgradeButton } from "../billing/plan-required";

type SwatchGroupProps<T extends string> = {
  legend: string;
  name: string;
  options: readonly T[];
  value: T;
  onChange: (value: T) => void;
  labelOf: (option: T) => string;
  describe?: (option: T) => string;
  renderSwatch: (option: T) => ReactNode;
  columns?: string;
  focusMarker?: string;
  /** The plan an option needs when this account lacks it: shown with a lock, not choosable. */
  lockedPlanOf?: (option: T) => string | undefined;
};

/** A radio group drawn as visual swatches: real radios, so keyboards and screen readers just work. */
export function SwatchGroup<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  labelOf,
  describe,
  renderSwatch,
  columns = "grid-cols-2 sm:grid-cols-4",
  focusMarker,
  lockedPlanOf,
}: SwatchGroupProps<T>) {
  const baseId = useId();
  const lockedPlans = [...new Set(options.map((o) => lockedPlanOf?.(o)).filter((p) => p !== undefined))];
  return (
    <fieldset data-focus={focusMarker} className="grid gap-3">
      <legend className="mb-3 font-serif text-lg font-semibold">{legend}</legend>
      {lockedPlans.length > 0 && (
        <p className="-mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          Choices marked{" "}
          {lockedPlans.map((plan) => (
            <PlanLock key={plan} plan={plan} />
          ))}{" "}
          come with that plan.
          <UpgradeButton plan={lockedPlans[0]} />
        </p>
      )}
      <div className={cn("grid gap-3", columns)}>
        {options.map((option) => {
          const id = `${baseId}-${option}`;
          const checked = option === value;
          // The program's own value stays choosable: a downgrade never takes a design away.
          const lockedPlan = checked ? undefined : lockedPlanOf?.(option);
          return (
            <div key={option} className="relative">
              <input
                id={id}
                type="radio"
                name={`${baseId}-${name}`}
                value={option}
                checked={checked}
                disabled={lockedPlan !== undefined}
                onChange={() => onChange(option)}
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0 disabled:cursor-not-allowed"
              />
              <label
                htmlFor={id}
                className={cn(
                  "flex h-full cursor-pointer flex-col gap-2 rounded-lg border-2 bg-card p-2 transition-colors hover:border-primary/40 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2",
                  checked ? "border-primary" : "border-border",
                  lockedPlan && "cursor-not-allowed opacity-70 hover:border-border",
                )}
              >
                <span aria-hidden="true">{renderSwatch(option)}</span>
                <span className="flex items-center justify-between gap-1 text-sm font-medium">
                  {labelOf(option)}
                  {checked && <Check aria-hidden="true" className="size-4 text-primary" />}
                  {lockedPlan && <PlanLock plan={lockedPlan} />}
                </span>
                {describe && <span className="text-xs text-muted-foreground">{describe(option)}</span>}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
