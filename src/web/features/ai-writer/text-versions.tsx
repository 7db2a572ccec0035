import { History } from "lucide-react";
import { useId, useState } from "react";
import { useSnapshot } from "valtio";
import { Button } from "../../components/ui/button";
import { readTextVersions, type TextVersion, textHistoryStore } from "../builder/text-history";

const PREVIEW_CHARS = 140;

const preview = (text: string) => {
  const t = text.trim().replace(/\s+/g, " ");
  if (!t) return "(empty)";
  return t.length > PREVIEW_CHARS ? `${t.slice(0, PREVIEW_CHARS - 1)}…` : t;
};

const timeOf = (at: number) => new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });

type TextVersionsProps = {
  draftKey: string;
  fieldKey: string;
  current: string;
  onRestore: (version: TextVersion) => void;
};

/** The field's earlier versions this session, newest first, each with a Restore button. */
export function TextVersions({ draftKey, fieldKey, current, onRestore }: TextVersionsProps) {
  useSnapshot(textHistoryStore);
  const [open, setOpen] = useState(false);
  const listId = useId();
  const versions = readTextVersions(draftKey, fieldKey);
  if (versions.length === 0) return null;

  return (
    <div className="space-y-2">
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <History aria-hidden /> Versions ({versions.length})
      </Button>
      {open && (
        <ol id={listId} aria-label="Earlier versions of this text" className="space-y-2 text-sm">
          {versions
            .map((version, index) => ({ version, index }))
            .reverse()
            .map(({ version, index }) => {
              const name = `${version.label}, ${timeOf(version.at)}`;
              return (
                <li
                  key={`${index}:${version.at}`}
                  className="flex flex-col gap-2 rounded-md border bg-background p-2 sm:flex-row sm:items-start sm:justify-between"
                >
                  <span className="min-w-0">
                    <span className="block font-medium">{name}</span>
                    <span className="block break-words text-muted-foreground">{preview(version.text)}</span>
                  </span>
                  {version.text === current ? (
                    <span className="shrink-0 text-xs text-muted-foreground">The text now</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="secondary"
                      className="shrink-0 self-start"
                      aria-label={`Restore: ${name}`}
                      onClick={() => onRestore(version)}
                    >
                      Restore
                    </Button>
                  )}
                </li>
              );
            })}
        </ol>
      )}
    </div>
  );
}
