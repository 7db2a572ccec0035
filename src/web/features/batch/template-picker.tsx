import { Check } from "lucide-react";
import { BATCH_TEMPLATES, type BatchTemplate } from "../../../shared/constants";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { capitalize } from "./service-card";

/** What a template writes into a service, said on its card: only blank fields get it. */
const addedTextNotes = (template: BatchTemplate): string[] =>
  [
    ["Scripture", template.defaultScripture],
    ["Officiant", template.defaultOfficiant],
    ["Location", template.defaultLocation],
  ]
    .filter(([, text]) => text)
    .map(([field, text]) => `Adds to a blank ${field}: “${text}”. Anything already typed there is kept.`);

export function TemplatePicker({
  selectedId,
  onSelect,
  serviceCount,
  onApplyToAll,
  appliedMessage,
}: {
  selectedId: string;
  onSelect: (template: BatchTemplate) => void;
  serviceCount: number;
  onApplyToAll: () => void;
  appliedMessage: string;
}) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-4 md:grid-cols-3">
        {BATCH_TEMPLATES.map((template) => {
          const selected = template.id === selectedId;
          return (
            <button
              key={template.id}
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(template)}
              className={cn(
                "grid gap-3 rounded-lg border bg-card p-5 text-left transition-colors hover:border-primary/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                selected && "border-primary bg-primary/5 ring-2 ring-primary",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="font-serif text-lg font-semibold">{template.name}</span>
                {selected && <Check className="size-5 text-primary" aria-hidden />}
              </span>
              <span className="text-sm text-muted-foreground">{template.description}</span>
              {addedTextNotes(template).map((note) => (
                <span key={note} className="rounded-md bg-muted px-2 py-1.5 text-xs text-muted-foreground">
                  {note}
                </span>
              ))}
              <span className="flex flex-wrap gap-1.5">
                <Badge variant="secondary">Theme: {capitalize(template.colorTheme)}</Badge>
                <Badge variant="secondary">Font: {capitalize(template.fontStyle)}</Badge>
                <Badge variant="secondary">Layout: {capitalize(template.pageLayout)}</Badge>
              </span>
            </button>
          );
        })}
      </div>
      {serviceCount > 0 && (
        <div className="flex flex-wrap items-center gap-4">
          <Button onClick={onApplyToAll}>Apply the chosen template to All Services</Button>
          <p role="status" className="text-sm text-muted-foreground">
            {appliedMessage}
          </p>
        </div>
      )}
    </div>
  );
}
