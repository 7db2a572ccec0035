import { FileText, Loader2, Palette, Sparkles, SpellCheck } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import type { ZodSafeParseResult } from "zod";
import {
  AI_TONES,
  type AiTone,
  DEFAULT_AI_TONE,
  DEFAULT_TEMPLATE_TYPE,
  TEMPLATE_TYPES,
  type TemplateType,
} from "../../../shared/constants";
import type { ProgramInput } from "../../../shared/schemas";
import { fieldErrors, summarizeFieldErrors } from "../../../shared/validation";
import {
  adjustToneRequestSchema,
  checkGrammarRequestSchema,
  enhanceRequestSchema,
  generateTemplateRequestSchema,
  NAME_REQUIRED_MESSAGE,
  NO_TEXT_MESSAGE,
  splitCommaList,
  type WritingResult,
  writingResultSchema,
} from "../../../shared/writing";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Textarea } from "../../components/ui/textarea";
import { apiRequest, messageOf } from "../../lib/api";
import { toast } from "../../lib/toast-store";
import { AiResultPanel } from "./ai-result-panel";
import { fieldOptions, type WriterField } from "./writer-fields";
import { WRITING_ACTIONS, type WritingAction } from "./writing-actions";
import { WritingModeNote } from "./writing-mode-note";

export type AiWriterTabProps = {
  program: ProgramInput;
  /** Apply Changes: writes the text into the chosen program field. */
  onApply: (field: WriterField, text: string) => void;
};

const TONE_LABELS: Record<AiTone, string> = {
  formal: "Formal",
  heartfelt: "Heartfelt",
  celebratory: "Celebratory",
  peaceful: "Peaceful",
};

const TEMPLATE_LABELS: Record<TemplateType, string> = {
  life_reflection: "Life reflection",
  tribute: "Tribute",
  obituary: "Obituary",
  service_message: "Service message",
};

const COPIED_MS = 2000;

// What to tell the family when a check fails before any call: what is wrong, then what to do.
const HINTS: Record<string, string> = {
  [NO_TEXT_MESSAGE]: "Please enter some text first.",
  [NAME_REQUIRED_MESSAGE]: "Please enter the name of your loved one.",
};

/** 'Margaret "Peggy" Doyle' from the full and preferred names, so a template can use the name family uses. */
const nameForTemplate = ({ fullName, preferredName }: ProgramInput) => {
  const [first = "", ...rest] = fullName.trim().split(/\s+/);
  const preferred = preferredName.trim();
  if (!preferred || preferred === first || !first) return fullName.trim() || preferred;
  return [first, `"${preferred}"`, ...rest].join(" ");
};

/** The builder's AI Writer tab: grammar, enhancement, tone and templates for a program's texts. */
export function AiWriterTab({ program, onApply }: AiWriterTabProps) {
  const id = useId();
  const options = fieldOptions(program);
  const [fieldKey, setFieldKey] = useState(options[0]?.key ?? "lifeReflections");
  const chosen = options.find((o) => o.key === fieldKey) ?? options[0];
  const [text, setText] = useState(chosen?.text ?? "");
  const [tone, setTone] = useState<AiTone>(DEFAULT_AI_TONE);
  const [templateType, setTemplateType] = useState<TemplateType>(DEFAULT_TEMPLATE_TYPE);
  const [name, setName] = useState(() => nameForTemplate(program));
  const [relationship, setRelationship] = useState("");
  const [qualities, setQualities] = useState("");
  const [achievements, setAchievements] = useState("");
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<WritingResult | null>(null);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);

  const chooseField = (key: string) => {
    setFieldKey(key);
    setText(options.find((o) => o.key === key)?.text ?? "");
    setResult(null);
  };

  /** Checks the request with the server's own schema first, so a blank text never leaves the browser. */
  const run = async (action: WritingAction, request: ZodSafeParseResult<unknown>) => {
    if (!request.success) {
      const title = summarizeFieldErrors(fieldErrors(request.error));
      toast({ title, description: HINTS[title] ?? "Please check and try again.", variant: "destructive" });
      return;
    }
    const spec = WRITING_ACTIONS[action];
    setBusy(true);
    try {
      const answer = writingResultSchema.parse(await apiRequest("POST", spec.path, request.data));
      setResult(answer);
      // Spec 7: a generated template fills the text box.
      if (action === "template") setText(answer.improvedText);
      toast(spec.success(answer));
    } catch (error) {
      toast({
        title: spec.failureTitle,
        description: messageOf(error, "Please try again."),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  const applyResult = () => {
    if (!result || !chosen) return;
    onApply(chosen.field, result.improvedText);
    setText(result.improvedText);
    toast({ title: "Improvement applied" });
  };

  const copyResult = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.improvedText);
    } catch {
      toast({
        title: "Copy failed",
        description: "Select the text and copy it by hand.",
        variant: "destructive",
      });
      return;
    }
    setCopied(true);
    clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), COPIED_MS);
    toast({ title: "Copied to clipboard" });
  };

  const busyIcon = busy ? <Loader2 aria-hidden className="animate-spin" /> : null;

  return (
    <div className="space-y-6" aria-busy={busy}>
      <WritingModeNote />
      <div className="space-y-2">
        <Label htmlFor={`${id}-field`}>Write for</Label>
        <NativeSelect id={`${id}-field`} value={chosen?.key} onChange={(e) => chooseField(e.target.value)}>
          {options.map((option) => (
            <option key={option.key} value={option.key}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </div>

      <div className="space-y-2">
        <Label htmlFor={`${id}-text`}>Your text</Label>
        <Textarea
          id={`${id}-text`}
          rows={8}
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder="Write or paste the text here, then check or improve it."
        />
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={busy}
            onClick={() => run("grammar", checkGrammarRequestSchema.safeParse({ text }))}
          >
            {busyIcon ?? <SpellCheck aria-hidden />} Check Grammar
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run("enhance", enhanceRequestSchema.safeParse({ text, context: chosen?.context ?? "" }))
            }
          >
            {busyIcon ?? <Sparkles aria-hidden />} Enhance
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-40 flex-1 space-y-2">
          <Label htmlFor={`${id}-tone`}>Tone</Label>
          <NativeSelect id={`${id}-tone`} value={tone} onChange={(e) => setTone(e.target.value as AiTone)}>
            {AI_TONES.map((t) => (
              <option key={t} value={t}>
                {TONE_LABELS[t]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => run("tone", adjustToneRequestSchema.safeParse({ text, tone }))}
        >
          {busyIcon ?? <Palette aria-hidden />} Adjust Tone
        </Button>
      </div>

      <fieldset className="space-y-3 rounded-lg border p-4">
        <legend className="px-1 text-sm font-semibold">Start from a template</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={`${id}-type`}>Template type</Label>
            <NativeSelect
              id={`${id}-type`}
              value={templateType}
              onChange={(e) => setTemplateType(e.target.value as TemplateType)}
            >
              {TEMPLATE_TYPES.map((t) => (
                <option key={t} value={t}>
                  {TEMPLATE_LABELS[t]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-relationship`}>Relationship</Label>
            <Input
              id={`${id}-relationship`}
              value={relationship}
              onChange={(e) => setRelationship(e.target.value)}
              placeholder="mother, grandfather, friend"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor={`${id}-qualities`}>Qualities (comma-separated)</Label>
            <Input
              id={`${id}-qualities`}
              value={qualities}
              onChange={(e) => setQualities(e.target.value)}
              placeholder="kind, patient, a quick wit"
            />
          </div>
          <div className="space-y-2 sm:col-span-2">
            <Label htmlFor={`${id}-achievements`}>Achievements (comma-separated)</Label>
            <Input
              id={`${id}-achievements`}
              value={achievements}
              onChange={(e) => setAchievements(e.target.value)}
              placeholder="taught for 32 years, founded the garden club"
            />
          </div>
        </div>
        <p className="text-xs text-muted-foreground">
          The template uses the tone chosen above and only the details you give here.
        </p>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() =>
            run(
              "template",
              generateTemplateRequestSchema.safeParse({
                type: templateType,
                details: {
                  name,
                  relationship,
                  qualities: splitCommaList(qualities),
                  achievements: splitCommaList(achievements),
                  tone,
                },
              }),
            )
          }
        >
          {busyIcon ?? <FileText aria-hidden />} Generate Template
        </Button>
      </fieldset>

      {result && <AiResultPanel result={result} copied={copied} onApply={applyResult} onCopy={copyResult} />}
    </div>
  );
}
