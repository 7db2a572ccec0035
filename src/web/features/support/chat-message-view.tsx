import { ExternalLink } from "lucide-react";
import type { ChatMessage } from "../../../shared/chatbot";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";

const roleOf = (role: string) => (role === "user" || role === "assistant" ? role : "system");

/**
 * One chat bubble: the text, then what the assistant knows about it (badges, confidence, article).
 * The feeling the server reads from a message is never shown: nobody's grief is labelled for them.
 */
export function ChatMessageView({ message }: { message: ChatMessage }) {
  const role = roleOf(message.role);
  const meta = message.metadata;
  return (
    <li
      className={cn(
        "flex",
        role === "user" ? "justify-end" : role === "system" ? "justify-center" : "justify-start",
      )}
    >
      <div
        className={cn(
          "max-w-[85%] rounded-lg px-3 py-2 text-sm leading-relaxed",
          role === "user" && "bg-primary text-primary-foreground",
          role === "assistant" && "border bg-card text-card-foreground",
          role === "system" && "bg-muted text-muted-foreground italic",
          meta?.crisis && "border-2 border-destructive",
        )}
      >
        <span className="sr-only">
          {role === "user" ? "You said:" : role === "assistant" ? "Assistant said:" : ""}
        </span>
        <p className="whitespace-pre-wrap break-words">{message.content}</p>
        {role === "assistant" &&
        (meta?.errorType || meta?.suggestedFix || meta?.confidence !== undefined || meta?.article) ? (
          <div className="mt-2 flex flex-wrap items-center gap-1.5">
            {meta?.errorType && <Badge variant="destructive">Error Detected</Badge>}
            {meta?.suggestedFix && (
              <Badge className="border-transparent bg-emerald-700 text-white">Solution Provided</Badge>
            )}
            {meta?.confidence !== undefined && meta.confidence > 0 && (
              <span className="text-xs text-muted-foreground">
                Confidence {Math.round(meta.confidence * 100)}%
              </span>
            )}
            {meta?.article && (
              <a
                href={meta.article.url}
                target="_blank"
                rel="noopener"
                className="inline-flex w-full items-center gap-1 text-xs font-medium text-primary underline underline-offset-2"
              >
                <ExternalLink aria-hidden="true" className="size-3" />
                Read: {meta.article.title}
              </a>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}
