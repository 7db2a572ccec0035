import { useId } from "react";
import { useSnapshot } from "valtio";
import type { ProgramInput } from "../../../shared/schemas";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { builderStore, updateDraft } from "./builder-store";

type TextKey = {
  [K in keyof ProgramInput]: ProgramInput[K] extends string ? K : never;
}[keyof ProgramInput];

type DraftFieldProps = {
  field: TextKey;
  label: string;
  hint?: string;
  placeholder?: string;
  type?: "text" | "date" | "datetime-local";
};

/** A labelled input bound to one text field of the draft. */
export function DraftInput({ field, label, hint, placeholder, type = "text" }: DraftFieldProps) {
  const id = useId();
  const { draft } = useSnapshot(builderStore, { sync: true });
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type={type}
        value={draft[field]}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => updateDraft({ [field]: e.target.value })}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled multi-line text bound to one text field of the draft. */
export function DraftTextarea({
  field,
  label,
  hint,
  placeholder,
  rows = 5,
}: DraftFieldProps & { rows?: number }) {
  const id = useId();
  const { draft } = useSnapshot(builderStore, { sync: true });
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={rows}
        value={draft[field]}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => updateDraft({ [field]: e.target.value })}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
