import { Check } from "lucide-react";
import { type ReactNode, useId } from "react";
import { cn } from "../../lib/cn";

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
}: SwatchGroupProps<T>) {
  const baseId = useId();
  return (
    <fieldset data-focus={focusMarker} className="grid gap-3">
      <legend className="mb-3 font-serif text-lg font-semibold">{legend}</legend>
      <div className={cn("grid gap-3", columns)}>
        {options.map((option) => {
          const id = `${baseId}-${option}`;
          const checked = option === value;
          return (
            <div key={option} className="relative">
              <input
                id={id}
                type="radio"
                name={`${baseId}-${name}`}
                value={option}
                checked={checked}
                onChange={() => onChange(option)}
                className="peer absolute inset-0 z-10 size-full cursor-pointer opacity-0"
              />
              <label
                htmlFor={id}
                className={cn(
                  "flex h-full cursor-pointer flex-col gap-2 rounded-lg border-2 bg-card p-2 transition-colors hover:border-primary/40 peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2",
                  checked ? "border-primary" : "border-border",
                )}
              >
                <span aria-hidden="true">{renderSwatch(option)}</span>
                <span className="flex items-center justify-between gap-1 text-sm font-medium">
                  {labelOf(option)}
                  {checked && <Check aria-hidden="true" className="size-4 text-primary" />}
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
