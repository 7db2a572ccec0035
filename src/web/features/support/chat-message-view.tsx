import { ExternalLink } from "lucide-react";
import type { ChatMessage, EmotionalState } from "../../../shared/chatbot";
import { Badge } from "../../components/ui/badge";
import { cn } from "../../lib/cn";

/** Each feeling has its own colour, so the emotional chat's reading is visible at a glance. */
export const EMOTION_STYLES: Record<EmotionalState, string> = {
  overwhelmed: "border-amber-300 bg-amber-50 text-amber-900",
  sad: "border-sky-300 bg-sky-50 text-sky-900",
  frustrated: "border-rose-300 bg-rose-50 text-rose-900",
  peaceful: "border-emerald-300 bg-emerald-50 text-emerald-900",
  grateful: "border-violet-300 bg-violet-50 text-violet-900",
  neutral: "border-stone-300 bg-stone-50 text-stone-800",
};

const roleOf = (role: string) => (role === "user" || role === "assistant" ? role : "system");

/** One chat bubble: the text, then what the assistant knows about it (badges, confidence, article). */
export function ChatMessageView({
  message,
  showEmotion = false,
}: {
  message: ChatMessage;
  showEmotion?: boolean;
}) {
  const role = roleOf(message.role);
  const meta = message.metadata;
  const emotion = meta?.emotionalSupport?.detected;
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
        (meta?.errorType ||
          meta?.suggestedFix ||
          meta?.confidence !== undefined ||
          meta?.article ||
          (showEmotion && emotion)) ? (
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
            {showEmotion && emotion && (
              <Badge variant="outline" className={EMOTION_STYLES[emotion]}>
                {emotion}
              </Badge>
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
