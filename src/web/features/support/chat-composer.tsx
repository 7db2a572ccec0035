import { Send } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useId } from "react";
import { Button } from "../../components/ui/button";

type ChatComposerProps = {
  value: string;
  onChange: (value: string) => void;
  onSend: () => void;
  disabled: boolean;
  label: string;
  placeholder: string;
  /** Extra buttons before Send, such as the writing-inspiration sparkle. */
  extra?: ReactNode;
};

/** The chat's message box: Enter sends, Shift+Enter starts a new line; blank text is never sent. */
export function ChatComposer({
  value,
  onChange,
  onSend,
  disabled,
  label,
  placeholder,
  extra,
}: ChatComposerProps) {
  const id = useId();
  const canSend = !disabled && value.trim() !== "";
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    if (canSend) onSend();
  };
  return (
    <form
      className="flex items-end gap-2 border-t p-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSend) onSend();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        id={id}
        rows={2}
        value={value}
        maxLength={2000}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        className="min-h-10 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
      {extra}
      <Button type="submit" size="icon" aria-label="Send message" disabled={!canSend}>
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
}
