import { Check, Copy, ListPlus, Replace, X } from "lucide-react";
import { useId } from "react";
import type { WordChange, WordDiff } from "../../../shared/word-diff";
import type { WritingResult } from "../../../shared/writing";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { UnknownWords } from "./program-words";
import { changeSummary, explainChanges } from "./suggestion";
import { answeredByText } from "./writing-mode-note";

// Spec 9: the confidence badge takes the "default" style above 0.8.
const HIGH_CONFIDENCE = 0.8;

type AiResultPanelProps = {
  result: WritingResult;
  /** The program's words: an unknown word among them shows as added instead of offering Add. */
  programWords: readonly string[];
  copied: boolean;
  onCopy: () => void;
  onDismiss: () => void;
} & (
  | {
      kind: "changes";
      /** What is left to apply to the text as it is now; null once the family has typed since. */
      diff: WordDiff | null;
      onApplyAll: () => void;
      onApplyChange: (change: WordChange) => void;
    }
  | {
      kind: "template";
      /** The template against the field's text: what Replace would do. */
      diff: WordDiff;
      currentText: string;
      onInsert: () => void;
      onReplace: () => void;
    }
);

const wordCount = (text: string) => text.split(/\s+/).filter(Boolean).length;

/** The text with what would go struck through and what would come underlined, read out as such. */
function DiffText({ diff }: { diff: WordDiff }) {
  return (
    <p
      data-testid="ai-diff"
      className="whitespace-pre-wrap break-words rounded-md border bg-background p-3 text-sm leading-relaxed"
    >
      {diff.parts.map((part, i) =>
        part.kind === "same" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are rebuilt together and never reordered.
          <span key={i}>{part.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={i}>
            {part.removed && (
              <del className="rounded-sm bg-red-50 px-0.5 text-red-800 decoration-red-800/70">
                <span className="sr-only">removed: </span>
                {part.removed}
              </del>
            )}
            {part.added && (
              <ins className="ml-0.5 rounded-sm bg-emerald-50 px-0.5 text-emerald-900 no-underline outline outline-1 outline-emerald-700/40">
                <span className="sr-only">added: </span>
                {part.added}
              </ins>
            )}
          </span>
        ),
      )}
    </p>
  );
}

/** One AI answer, shown as changes to the family's text: nothing goes into the program until they choose. */
export function AiResultPanel(props: AiResultPanelProps) {
  const { result, programWords, copied, onCopy, onDismiss } = props;
  const headingId = useId();
  const explained =
    props.kind === "changes" && props.diff
      ? explainChanges(props.diff.changes, result.grammarIssues)
      : { explanations: [], otherNotes: props.kind === "changes" ? [] : result.grammarIssues };

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-lg border bg-muted/30 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-serif text-lg font-semibold">
          {props.kind === "template" ? "Generated template" : "Suggested changes"}
        </h3>
        <Badge variant={result.confidence > HIGH_CONFIDENCE ? "default" : "secondary"}>
          {Math.round(result.confidence * 100)}% confidence
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="ai-answered-by">
        {answeredByText(result.mode)}
      </p>

      {props.kind === "template" ? (
        <TemplateChoices {...props} />
      ) : props.diff === null ? (
        <p role="status" className="rounded-md border border-highlight/60 bg-highlight/10 p-3 text-sm">
          Your text has changed since this suggestion was made, so it can no longer be applied without undoing
          your new words. Run it again to get suggestions for the text as it is now.
        </p>
      ) : props.diff.changes.length === 0 ? (
        <p role="status" className="text-sm">
          Your text already reads like this. There is nothing left to apply.
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            Words to be removed are struck through, new words are outlined. Nothing changes in your program
            until you apply.
          </p>
          <DiffText diff={props.diff} />
          <ol aria-label="Changes" className="space-y-2 text-sm">
            {props.diff.changes.map((change, index) => {
              const summary = changeSummary(change);
              return (
                <li
                  key={`${change.start}:${change.removed}`}
                  className="flex flex-col gap-2 rounded-md border bg-background p-2 sm:flex-row sm:items-center sm:justify-between"
                >
                  <span>
                    <span className="font-medium">{summary}</span>
                    {explained.explanations[index] && (
                      <span className="block text-muted-foreground">{explained.explanations[index]}</span>
                    )}
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    className="shrink-0 self-start sm:self-auto"
                    aria-label={`Apply: ${summary}`}
                    onClick={() => props.onApplyChange(change)}
                  >
                    <Check aria-hidden /> Apply
                  </Button>
                </li>
              );
            })}
          </ol>
        </>
      )}

      <UnknownWords words={result.unknownWords} programWords={programWords} />
      {explained.otherNotes.length > 0 && (
        <div>
          <h4 className="mb-1 text-sm font-semibold">Also noticed</h4>
          <ul className="space-y-1 text-sm">
            {explained.otherNotes.map((issue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: notes have no id and the same word may repeat.
              <li key={index}>
                <span className="font-medium">{issue.issue}</span>
                <span className="block text-muted-foreground">{issue.explanation}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {result.suggestions.length > 0 && (
        <div>
          <h4 className="mb-1 text-sm font-semibold">Suggestions</h4>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {result.suggestions.map((suggestion) => (
              <li key={suggestion}>{suggestion}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {props.kind === "changes" && props.diff && props.diff.changes.length > 0 && (
          <Button onClick={props.onApplyAll}>
            <Check aria-hidden />
            {props.diff.changes.length === 1
              ? "Apply the change"
              : `Apply all ${props.diff.changes.length} changes`}
          </Button>
        )}
        {props.kind === "template" &&
          (props.currentText.trim() === "" ? (
            <Button onClick={props.onReplace}>
              <Check aria-hidden /> Use this text
            </Button>
          ) : (
            <>
              <Button onClick={props.onInsert}>
                <ListPlus aria-hidden /> Insert at cursor
              </Button>
              <Button variant="secondary" onClick={props.onReplace}>
                <Replace aria-hidden /> Replace my text
              </Button>
            </>
          ))}
        <Button variant="outline" onClick={onCopy}>
          <Copy aria-hidden /> {copied ? "Copied!" : "Copy"}
        </Button>
        <Button variant="ghost" onClick={onDismiss}>
          <X aria-hidden /> Dismiss
        </Button>
      </div>
    </section>
  );
}

function TemplateChoices({ diff, currentText }: Extract<AiResultPanelProps, { kind: "template" }>) {
  const words = wordCount(currentText);
  return (
    <>
      {words > 0 && (
        <p className="text-sm text-muted-foreground">
          Shown as it would replace your text: Replace takes out the {words === 1 ? "word" : `${words} words`}{" "}
          you wrote here. Insert at cursor keeps them and adds the template as a paragraph where your cursor
          was.
        </p>
      )}
      <DiffText diff={diff} />
    </>
  );
}
