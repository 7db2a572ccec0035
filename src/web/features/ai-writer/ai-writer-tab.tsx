import { FileText, Loader2, Palette, Sparkles, SpellCheck } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useSnapshot } from "valtio";
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
import { applyWordChange, remainingDiff, type WordChange, wordDiff } from "../../../shared/word-diff";
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
import { builderStore } from "../builder/builder-store";
import {
  recordTextVersion,
  rememberAppliedChange,
  type TextVersion,
  takeUndo,
} from "../builder/text-history";
import { AiResultPanel } from "./ai-result-panel";
import { ProgramWordsList } from "./program-words";
import { insertParagraphAt } from "./suggestion";
import { TextVersions } from "./text-versions";
import { fieldOptions, fieldText, type WriterField } from "./writer-fields";
import { protectedNamesOf, WRITING_ACTIONS, type WritingAction } from "./writing-actions";
import { WritingModeNote } from "./writing-mode-note";

export type AiWriterTabProps = {
  program: ProgramInput;
  /**
   * Writes a text into a program field: the family's own typing in "Your text", and each change they
   * chose to apply (never an AI answer by itself).
   */
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

/** An AI answer and the text it was made for, shown as changes until the family chooses. */
type Suggestion = { action: WritingAction; fieldKey: string; base: string; result: WritingResult };

/** The draft key histories are kept under: the program's id once saved. */
const currentDraftKey = () => builderStore.key ?? "new";

/** The builder's AI Writer tab: grammar, enhancement, tone and templates for a program's texts. */
export function AiWriterTab({ program, onApply }: AiWriterTabProps) {
  const id = useId();
  // Read in step with every keystroke, so the caret never jumps in the bound text box.
  const { draft, key } = useSnapshot(builderStore, { sync: true });
  const options = fieldOptions(program);
  const [fieldKey, setFieldKey] = useState(options[0]?.key ?? "lifeReflections");
  const chosen = options.find((o) => o.key === fieldKey) ?? options[0];
  const text = chosen ? fieldText(draft as ProgramInput, chosen.field) : "";
  const { programWords } = draft as ProgramInput;
  // "Insert at cursor" puts a template where the family left the caret (the box keeps it when the
  // button takes the focus); at the end while they have not been in the box.
  const textBox = useRef<HTMLTextAreaElement>(null);
  const caretPlaced = useRef(false);
  const [tone, setTone] = useState<AiTone>(DEFAULT_AI_TONE);
  const [templateType, setTemplateType] = useState<TemplateType>(DEFAULT_TEMPLATE_TYPE);
  const [name, setName] = useState(() => nameForTemplate(program));
  const [relationship, setRelationship] = useState("");
  const [qualities, setQualities] = useState("");
  const [achievements, setAchievements] = useState("");
  const [busy, setBusy] = useState(false);
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(copiedTimer.current), []);
  const result = suggestion?.fieldKey === chosen?.key ? suggestion?.result : undefined;

  const chooseField = (next: string) => {
    setFieldKey(next);
    caretPlaced.current = false;
    setSuggestion(null);
  };

  /** Checks the request with the server's own schema first, so a blank text never leaves the browser. */
  const run = async (action: WritingAction, request: ZodSafeParseResult<unknown>) => {
    if (!request.success) {
      const title = summarizeFieldErrors(fieldErrors(request.error));
      toast({ title, description: HINTS[title] ?? "Please check and try again.", variant: "destructive" });
      return;
    }
    if (!chosen) return;
    const spec = WRITING_ACTIONS[action];
    const base = text;
    setBusy(true);
    try {
      const answer = writingResultSchema.parse(await apiRequest("POST", spec.path, request.data));
      // Shown as changes only: nothing the helper wrote reaches the program without an apply.
      setSuggestion({ action, fieldKey: chosen.key, base, result: answer });
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

  /**
   * Takes back the latest apply while the field still reads what it wrote; false otherwise. The
   * draft's key is read now: a first save since the apply moved its history to the program's id.
   */
  const takeBackApply = (field: WriterField, historyField: string) => {
    const before = takeUndo(currentDraftKey(), historyField, fieldText(builderStore.draft, field));
    if (before === null) return false;
    onApply(field, before);
    toast({ title: "Change undone", description: "Your text is back as it was." });
    return true;
  };

  const undo = (field: WriterField, historyField: string) => {
    if (takeBackApply(field, historyField)) return;
    toast({
      title: "Nothing to undo",
      description: "The text has changed since. Versions lists its earlier versions.",
    });
  };

  /**
   * Every change the family applies: the text before it and after it go into the field's versions,
   * and the toast offers Undo (as does Ctrl/Cmd+Z in the text box).
   */
  const commit = (next: string, labels: { before: string; after: string }, title: string) => {
    if (!chosen) return;
    const draftKey = currentDraftKey();
    const before = fieldText(builderStore.draft, chosen.field);
    if (next === before) return;
    recordTextVersion(draftKey, chosen.key, {
      kind: "yours",
      text: before,
      label: `Your text ${labels.before}`,
    });
    onApply(chosen.field, next);
    recordTextVersion(draftKey, chosen.key, { kind: "applied", text: next, label: labels.after });
    rememberAppliedChange(draftKey, chosen.key, { before, after: next });
    const { field, key: historyField } = chosen;
    toast({
      title,
      description: "Undo brings your text back as it was.",
      action: { label: "Undo", onClick: () => undo(field, historyField) },
    });
  };

  const applyAll = () => {
    if (!suggestion) return;
    const what = WRITING_ACTIONS[suggestion.action].changeName;
    commit(
      suggestion.result.improvedText,
      { before: `before ${what}`, after: `With ${what}` },
      "Improvement applied",
    );
  };

  const applyOne = (change: WordChange) => {
    if (!suggestion) return;
    const what = `one of ${WRITING_ACTIONS[suggestion.action].changeName}`;
    commit(
      applyWordChange(text, change),
      { before: `before ${what}`, after: `With ${what}` },
      "Change applied",
    );
  };

  const insertTemplate = () => {
    if (!suggestion) return;
    commit(
      insertParagraphAt(
        text,
        caretPlaced.current ? (textBox.current?.selectionEnd ?? text.length) : text.length,
        suggestion.result.improvedText,
      ),
      { before: "before the template was inserted", after: "With the template inserted" },
      "Template inserted",
    );
    setSuggestion(null);
  };

  const replaceWithTemplate = () => {
    if (!suggestion) return;
    commit(
      suggestion.result.improvedText,
      { before: "before the template replaced it", after: "The template in place of your text" },
      "Template used",
    );
    setSuggestion(null);
  };

  const restore = (version: TextVersion) => {
    commit(
      version.text,
      { before: "before an earlier version was restored", after: `Restored: ${version.label}` },
      "Earlier version restored",
    );
  };

  const onTextKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const isUndo =
      (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "z";
    // Only an apply's own undo is taken over; the family's typing keeps the browser's undo.
    if (isUndo && chosen && takeBackApply(chosen.field, chosen.key)) event.preventDefault();
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
          aria-describedby={`${id}-text-hint`}
          onChange={(e) => chosen && onApply(chosen.field, e.target.value)}
          onKeyDown={onTextKeyDown}
          ref={textBox}
          onFocus={() => {
            caretPlaced.current = true;
          }}
          placeholder="Write or paste the text here, then check or improve it."
        />
        <p id={`${id}-text-hint`} className="text-xs text-muted-foreground">
          This is the program's own text. Suggestions are shown as changes first; each one you apply can be
          undone.
        </p>
        <div className="flex flex-wrap gap-2">
          <Button
            disabled={busy}
            onClick={() =>
              run(
                "grammar",
                checkGrammarRequestSchema.safeParse({
                  text,
                  protectedNames: protectedNamesOf(builderStore.draft),
                }),
              )
            }
          >
            {busyIcon ?? <SpellCheck aria-hidden />} Check Grammar
          </Button>
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run(
                "enhance",
                enhanceRequestSchema.safeParse({
                  text,
                  context: chosen?.context ?? "",
                  protectedNames: protectedNamesOf(builderStore.draft),
                }),
              )
            }
          >
            {busyIcon ?? <Sparkles aria-hidden />} Enhance
          </Button>
        </div>
        {chosen && (
          <TextVersions draftKey={key ?? "new"} fieldKey={chosen.key} current={text} onRestore={restore} />
        )}
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
          onClick={() =>
            run(
              "tone",
              adjustToneRequestSchema.safeParse({
                text,
                tone,
                protectedNames: protectedNamesOf(builderStore.draft),
              }),
            )
          }
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

      {suggestion && result && (
        <AiResultPanel
          result={result}
          programWords={programWords}
          copied={copied}
          onCopy={copyResult}
          onDismiss={() => setSuggestion(null)}
          {...(suggestion.action === "template"
            ? {
                kind: "template" as const,
                diff: wordDiff(text, result.improvedText),
                currentText: text,
                onInsert: insertTemplate,
                onReplace: replaceWithTemplate,
              }
            : {
                kind: "changes" as const,
                diff: remainingDiff(suggestion.base, result.improvedText, text),
                onApplyAll: applyAll,
                onApplyChange: applyOne,
              })}
        />
      )}
      <ProgramWordsList words={programWords} />
    </div>
  );
}
