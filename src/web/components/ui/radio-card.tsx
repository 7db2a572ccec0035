import type { ReactNode } from "react";

type RadioCardProps = {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  title: ReactNode;
  description: ReactNode;
};

/** One choice of a radio group drawn as a bordered card: the whole card is the label. */
export function RadioCard({ name, value, checked, onSelect, title, description }: RadioCardProps) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        className="mt-1 accent-primary"
      />
      <span>
        <span className="block font-medium">{title}</span>
        <span className="block text-muted-foreground">{description}</span>
      </span>
    </label>
  );
}
