import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";

type ListItemControlsProps = {
  /** How the item is named to screen readers, e.g. "service item 2". */
  itemName: string;
  index: number;
  count: number;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
};

/** Move up, move down and remove for one entry of an editable list. */
export function ListItemControls({ itemName, index, count, onMove, onRemove }: ListItemControlsProps) {
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${itemName} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        aria-label={`Move ${itemName} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive"
        aria-label={`Remove ${itemName}`}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
