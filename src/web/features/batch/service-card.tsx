import { Copy, Trash2 } from "lucide-react";
import type { ChangeEvent } from "react";
import { COLOR_THEMES, FONT_STYLES, OVERLAY_EFFECTS, PAGE_LAYOUTS } from "../../../shared/constants";
import type { ServiceDraft } from "../../../shared/schemas";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { cn } from "../../lib/cn";
import type { BatchService } from "./use-batch-services";

type Update = <K extends keyof ServiceDraft>(field: K, value: ServiceDraft[K]) => void;

// Laid out three to a row: who, when, then where.
const TEXT_FIELDS = [
  { field: "fullName", label: "Full Name", type: "text" },
  { field: "preferredName", label: "Preferred Name", type: "text" },
  { field: "officiant", label: "Officiant", type: "text" },
  { field: "birthDate", label: "Birth Date", type: "date" },
  { field: "passingDate", label: "Passing Date", type: "date" },
  { field: "serviceDate", label: "Service Date & Time", type: "datetime-local" },
  { field: "location", label: "Location", type: "text", wide: true },
] as const;

const LONG_TEXT_FIELDS = [
  { field: "lifeReflections", label: "Life Reflections" },
  { field: "scripture", label: "Scripture" },
] as const;

const CHOICE_FIELDS = [
  { field: "colorTheme", label: "Color Theme", options: COLOR_THEMES },
  { field: "fontStyle", label: "Font Style", options: FONT_STYLES },
  { field: "pageLayout", label: "Page Layout", options: PAGE_LAYOUTS },
  { field: "overlayEffect", label: "Overlay Effect", options: OVERLAY_EFFECTS },
] as const;

export const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

export function ServiceCard({
  service,
  number,
  onUpdate,
  onDuplicate,
  onRemove,
}: {
  service: BatchService;
  number: number;
  onUpdate: Update;
  onDuplicate: () => void;
  onRemove: () => void;
}) {
  const idFor = (field: string) => `service-${service.id}-${field}`;
  const headingId = idFor("heading");
  const label = `Service #${number}`;
  const onText = (field: keyof ServiceDraft) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    onUpdate(field, e.target.value);

  return (
    <Card role="group" aria-labelledby={headingId}>
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div id={headingId}>
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <CardTitle>{service.fullName || "New Service"}</CardTitle>
        </div>
        <div className="flex gap-1">
          <Button variant="ghost" size="icon" aria-label={`Duplicate ${label}`} onClick={onDuplicate}>
            <Copy aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Remove ${label}`} onClick={onRemove}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-12">
        {TEXT_FIELDS.map(({ field, label: text, type, ...layout }) => (
          <div
            key={field}
            className={cn("grid gap-1.5 lg:col-span-4", "wide" in layout && "sm:col-span-2 lg:col-span-12")}
          >
            <Label htmlFor={idFor(field)}>{text}</Label>
            <Input id={idFor(field)} type={type} value={service[field]} onChange={onText(field)} />
          </div>
        ))}
        {CHOICE_FIELDS.map(({ field, label: text, options }) => (
          <div key={field} className="grid gap-1.5 lg:col-span-3">
            <Label htmlFor={idFor(field)}>{text}</Label>
            <NativeSelect
              id={idFor(field)}
              value={service[field]}
              onChange={(e) => onUpdate(field, e.target.value as ServiceDraft[typeof field])}
            >
              {options.map((option) => (
                <option key={option} value={option}>
                  {capitalize(option)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
        {LONG_TEXT_FIELDS.map(({ field, label: text }) => (
          <div key={field} className="grid gap-1.5 sm:col-span-2 lg:col-span-6">
            <Label htmlFor={idFor(field)}>{text}</Label>
            <Textarea id={idFor(field)} rows={3} value={service[field]} onChange={onText(field)} />
          </div>
        ))}
      </CardContent>
    </Card>
  );
}
