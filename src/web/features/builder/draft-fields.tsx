import { type ReactNode, useId } from "react";
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

/** The label, the control and its hint, wired together for screen readers. */
function DraftFieldShell({
  label,
  hint,
  children,
}: Pick<DraftFieldProps, "label" | "hint"> & {
  children: (control: { id: string; describedBy?: string }) => ReactNode;
}) {
  const id = useId();
  const describedBy = hint ? `${id}-hint` : undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, describedBy })}
      {hint && (
        <p id={describedBy} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled input bound to one text field of the draft. */
export function DraftInput({ field, label, hint, placeholder, type = "text" }: DraftFieldProps) {
  const { draft } = useSnapshot(builderStore, { sync: true });
  return (
    <DraftFieldShell label={label} hint={hint}>
      {({ id, describedBy }) => (
        <Input
          id={id}
          type={type}
          value={draft[field]}
          placeholder={placeholder}
          aria-describedby={describedBy}
          onChange={(e) => updateDraft({ [field]: e.target.value })}
        />
      )}
    </DraftFieldShell>
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
  const { draft } = useSnapshot(builderStore, { sync: true });
  return (
    <DraftFieldShell label={label} hint={hint}>
      {({ id, describedBy }) => (
        <Textarea
          id={id}
          rows={rows}
          value={draft[field]}
          placeholder={placeholder}
          aria-describedby={describedBy}
          onChange={(e) => updateDraft({ [field]: e.target.value })}
        />
      )}
    </DraftFieldShell>
  );
}
