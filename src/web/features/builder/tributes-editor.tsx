import { Plus } from "lucide-react";
import { useId } from "react";
import { useSnapshot } from "valtio";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Textarea } from "../../components/ui/textarea";
import { addTribute, builderStore, moveTribute, removeTribute, updateTribute } from "./builder-store";
import { ListItemControls } from "./list-item-controls";

export function TributesEditor() {
  const { draft } = useSnapshot(builderStore, { sync: true });
  const tributes = draft.tributes;
  const baseId = useId();
  return (
    <section aria-labelledby={`${baseId}-heading`} className="grid gap-4">
      <h3 id={`${baseId}-heading`} className="text-lg font-semibold">
        Tributes
      </h3>
      {tributes.length === 0 && (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          Words from family and friends. Add as many as you like; each appears on the tributes page.
        </p>
      )}
      <ol className="grid gap-3">
        {tributes.map((tribute, index) => {
          const id = `${baseId}-${tribute.id}`;
          return (
            <li key={tribute.id}>
              <fieldset className="grid gap-3 rounded-md border bg-card p-4">
                <legend className="sr-only">Tribute {index + 1}</legend>
                <div className="flex items-center justify-between gap-2">
                  <p aria-hidden="true" className="font-medium">
                    Tribute {index + 1}
                  </p>
                  <ListItemControls
                    itemName={`tribute ${index + 1}`}
                    index={index}
                    count={tributes.length}
                    onMove={(offset) => moveTribute(tribute.id, offset)}
                    onRemove={() => removeTribute(tribute.id)}
                  />
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-author`}>Written by</Label>
                    <Input
                      id={`${id}-author`}
                      value={tribute.author}
                      onChange={(e) => updateTribute(tribute.id, { author: e.target.value })}
                    />
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor={`${id}-relationship`}>Relationship</Label>
                    <Input
                      id={`${id}-relationship`}
                      value={tribute.relationship}
                      placeholder="e.g. Granddaughter"
                      onChange={(e) => updateTribute(tribute.id, { relationship: e.target.value })}
                    />
                  </div>
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${id}-message`}>Message</Label>
                  <Textarea
                    id={`${id}-message`}
                    rows={4}
                    value={tribute.message}
                    onChange={(e) => updateTribute(tribute.id, { message: e.target.value })}
                  />
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="secondary" size="sm" onClick={addTribute}>
          <Plus aria-hidden="true" />
          Add Tribute
        </Button>
      </div>
    </section>
  );
}
