import { BookCheck, Check, Plus, X } from "lucide-react";
import { useId } from "react";
import { LIMITS } from "../../../shared/constants";
import { Button } from "../../components/ui/button";
import { toast } from "../../lib/toast-store";
import { builderStore, updateDraft } from "../builder/builder-store";

// The words a family told the checker are right (a surname, a street, a town). They go with every
// check and rewrite as names do, so the checker never flags or changes them again.

/** "Zoë" and "zoe" are one word to the checker, as the server compares names. */
const foldWord = (word: string) => word.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

const isProgramWord = (words: readonly string[], word: string) =>
  words.some((known) => foldWord(known) === foldWord(word));

/** Adds `word` to the draft's words as the checker found it written; the family saves as for any edit. */
const addProgramWord = (word: string) => {
  const words = builderStore.draft.programWords;
  if (isProgramWord(words, word)) return;
  if (words.length >= LIMITS.maxProgramWords) {
    toast({
      title: `This program can keep up to ${LIMITS.maxProgramWords} words`,
      description: "Remove a word you no longer need from this program's words, then add this one.",
      variant: "destructive",
    });
    return;
  }
  updateDraft({ programWords: [...words, word] });
  toast({
    title: `“${word}” added to this program's words`,
    description: "The checker will keep it as you wrote it. Save the program to keep the word.",
  });
};

const removeProgramWord = (word: string) => {
  updateDraft({ programWords: builderStore.draft.programWords.filter((known) => known !== word) });
  toast({ title: `“${word}” removed from this program's words` });
};

/** The checker's unknown words in a result, each with "Add to this program's words" until it is added. */
export function UnknownWords({ words, programWords }: { words: string[]; programWords: readonly string[] }) {
  const headingId = useId();
  if (words.length === 0) return null;
  return (
    <div>
      <h4 id={headingId} className="mb-1 text-sm font-semibold">
        Words the checker does not know
      </h4>
      <p className="mb-2 text-sm text-muted-foreground">
        These were left as you wrote them. If one is spelled the way you want, such as a name or a place, add
        it and it will not be flagged again.
      </p>
      <ul aria-labelledby={headingId} className="space-y-2 text-sm">
        {words.map((word) => (
          <li
            key={word}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border bg-background p-2"
          >
            <span className="min-w-0 break-words font-medium">{word}</span>
            {isProgramWord(programWords, word) ? (
              <span className="flex items-center gap-1 text-xs text-muted-foreground">
                <Check aria-hidden className="size-4" /> In this program's words
              </span>
            ) : (
              <Button
                size="sm"
                variant="outline"
                aria-label={`Add to this program's words: ${word}`}
                onClick={() => addProgramWord(word)}
              >
                <Plus aria-hidden /> Add to this program's words
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The program's words, where the family sees them and takes out any they added by mistake. */
export function ProgramWordsList({ words }: { words: readonly string[] }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2 rounded-lg border p-4">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
        <BookCheck aria-hidden className="size-4" /> This program's words
      </h3>
      {words.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          None yet. When the checker does not know a word, such as a surname, you can add it here from its
          results and it will be kept as you wrote it.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            The checker keeps these as you wrote them and never flags them.
          </p>
          <ul aria-labelledby={headingId} className="flex flex-wrap gap-2">
            {words.map((word) => (
              <li
                key={word}
                className="flex items-center gap-1 rounded-full border bg-background py-0.5 pl-3"
              >
                <span className="break-all text-sm">{word}</span>
                <Button
                  size="icon"
                  variant="ghost"
                  className="h-8 w-8 rounded-full"
                  aria-label={`Remove ${word} from this program's words`}
                  onClick={() => removeProgramWord(word)}
                >
                  <X aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
