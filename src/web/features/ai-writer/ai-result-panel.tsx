import { Check, Copy } from "lucide-react";
import type { WritingResult } from "../../../shared/writing";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { answeredByText } from "./writing-mode-note";

// Spec 9: the confidence badge takes the "default" style above 0.8.
const HIGH_CONFIDENCE = 0.8;

type AiResultPanelProps = {
  result: WritingResult;
  copied: boolean;
  onApply: () => void;
  onCopy: () => void;
};

/** The helper's answer: the suggested text, what it found, what it suggests, and how sure it is. */
export function AiResultPanel({ result, copied, onApply, onCopy }: AiResultPanelProps) {
  return (
    <section aria-labelledby="ai-result-heading" className="space-y-4 rounded-lg border bg-muted/30 p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id="ai-result-heading" className="font-serif text-lg font-semibold">
          Suggested text
        </h3>
        <Badge variant={result.confidence > HIGH_CONFIDENCE ? "default" : "secondary"}>
          {Math.round(result.confidence * 100)}% confidence
        </Badge>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="ai-answered-by">
        {answeredByText(result.mode)}
      </p>
      <p
        data-testid="ai-improved-text"
        className="whitespace-pre-wrap rounded-md border bg-background p-3 text-sm leading-relaxed"
      >
        {result.improvedText}
      </p>
      {result.grammarIssues.length > 0 && (
        <div>
          <h4 className="mb-1 text-sm font-semibold">Corrections ({result.grammarIssues.length})</h4>
          <ul className="space-y-1 text-sm">
            {result.grammarIssues.map((issue, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id and the same word may repeat.
              <li key={index}>
                <span className="line-through decoration-destructive/60">{issue.issue}</span>
                {issue.correction !== issue.issue && (
                  <>
                    {" → "}
                    <span className="font-medium">
                      {issue.correction.trim() === "" ? "(remove)" : issue.correction}
                    </span>
                  </>
                )}
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
        <Button onClick={onApply}>
          <Check aria-hidden /> Apply Changes
        </Button>
        <Button variant="outline" onClick={onCopy}>
          <Copy aria-hidden /> {copied ? "Copied!" : "Copy"}
        </Button>
      </div>
    </section>
  );
}
