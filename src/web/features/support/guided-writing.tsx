import { useNavigate } from "@tanstack/react-router";
import { X } from "lucide-react";
import { useId, useState } from "react";
import { emptyProgramInput } from "../../../shared/schemas";
import { Button } from "../../components/ui/button";
import { Textarea } from "../../components/ui/textarea";
import { toast } from "../../lib/toast-store";
import { builderStore, updateDraft } from "../builder/builder-store";
import { draftKeyFor, readLocalDraft, writeLocalDraft } from "../builder/local-draft";

/**
 * Adds the family's answers to the life reflections of the new program this browser keeps, after
 * whatever is already written there: nothing they wrote before is replaced.
 */
const addToNewProgram = (userId: string, text: string) => {
  const key = draftKeyFor(userId, null);
  const open = builderStore.key === key;
  const draft = open ? builderStore.draft : (readLocalDraft(key) ?? emptyProgramInput());
  const before = draft.lifeReflections.trimEnd();
  const lifeReflections = before ? `${before}\n\n${text}` : text;
  if (open) updateDraft({ lifeReflections });
  writeLocalDraft(key, { ...draft, lifeReflections });
};

/** Guided writing: a few questions answered one by one, then put into the program builder. */
export function GuidedWriting({
  prompts,
  userId,
  onClose,
}: {
  prompts: readonly string[];
  /** The signed-in person whose new program the answers go to. */
  userId: string;
  onClose: () => void;
}) {
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const navigate = useNavigate();
  const id = useId();
  const written = prompts.map((p) => (answers[p] ?? "").trim()).filter((a) => a !== "");

  const addToProgram = () => {
    addToNewProgram(userId, written.join("\n\n"));
    toast({
      title: "Added to your program",
      description:
        "Your words are in Life reflections (under Content & Photos), after anything already there. Edit them as you like.",
    });
    void navigate({ to: "/program-builder", search: { tab: "content" } });
  };

  return (
    <section aria-label="Guided writing" className="max-h-72 overflow-y-auto border-t bg-muted/60 p-3">
      <div className="mb-2 flex items-center justify-between">
        <h3 className="font-sans text-sm font-semibold">Guided writing</h3>
        <Button
          size="icon"
          variant="ghost"
          className="size-7"
          aria-label="Close guided writing"
          onClick={onClose}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      <p className="mb-2 text-xs text-muted-foreground">
        Answer any of these in your own words, as briefly as you like. Nothing is saved until you save the
        program.
      </p>
      <ol className="space-y-2">
        {prompts.map((prompt, i) => (
          <li key={prompt}>
            <label htmlFor={`${id}-${i}`} className="text-sm">
              {prompt}
            </label>
            <Textarea
              id={`${id}-${i}`}
              className="mt-1 min-h-[56px] bg-background"
              value={answers[prompt] ?? ""}
              onChange={(event) => setAnswers((list) => ({ ...list, [prompt]: event.target.value }))}
            />
          </li>
        ))}
      </ol>
      <Button className="mt-3 w-full" disabled={written.length === 0} onClick={addToProgram}>
        Add to my program
      </Button>
    </section>
  );
}
