import { ListOrdered, Plus } from "lucide-react";
import { useId } from "react";
import { useSnapshot } from "valtio";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "../../components/ui/alert-dialog";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import {
  addServiceItem,
  builderStore,
  fillDefaultServiceOrder,
  moveServiceItem,
  removeServiceItem,
  updateServiceItem,
} from "./builder-store";
import { ListItemControls } from "./list-item-controls";

function DefaultOrderButton({ hasItems }: { hasItems: boolean }) {
  const button = (
    <Button variant="outline" size="sm" onClick={hasItems ? undefined : fillDefaultServiceOrder}>
      <ListOrdered aria-hidden="true" />
      Use the default order of service
    </Button>
  );
  if (!hasItems) return button;
  // Replacing what the family already wrote needs their yes.
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{button}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Replace the order of service?</AlertDialogTitle>
          <AlertDialogDescription>
            The items you have added will be replaced by the seven items of a traditional service.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Keep My Items</AlertDialogCancel>
          <AlertDialogAction onClick={fillDefaultServiceOrder}>Replace</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function ServiceItemsEditor() {
  const { draft } = useSnapshot(builderStore, { sync: true });
  const items = draft.serviceItems;
  const baseId = useId();
  return (
    <section aria-labelledby={`${baseId}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${baseId}-heading`} className="text-lg font-semibold">
          Order of Service
        </h3>
        <DefaultOrderButton hasItems={items.length > 0} />
      </div>
      {items.length === 0 && (
        <p className="rounded-md border border-dashed p-4 text-sm text-muted-foreground">
          No service items yet. Add them one by one, or start from the default order of service.
        </p>
      )}
      <ol className="grid gap-3">
        {items.map((item, index) => {
          const name = `service item ${index + 1}`;
          return (
            <li key={item.id}>
              <fieldset className="grid gap-3 rounded-md border bg-card p-3 sm:grid-cols-[auto_1fr_1fr_auto] sm:items-end">
                <legend className="sr-only">Service item {index + 1}</legend>
                <span
                  aria-hidden="true"
                  className="hidden pb-2 font-serif text-lg text-muted-foreground sm:block"
                >
                  {item.order}.
                </span>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${baseId}-${item.id}-title`}>Title</Label>
                  <Input
                    id={`${baseId}-${item.id}-title`}
                    value={item.title}
                    placeholder="e.g. Opening Prayer"
                    onChange={(e) => updateServiceItem(item.id, { title: e.target.value })}
                  />
                </div>
                <div className="grid gap-1.5">
                  <Label htmlFor={`${baseId}-${item.id}-person`}>Person or duration</Label>
                  <Input
                    id={`${baseId}-${item.id}-person`}
                    value={item.person}
                    placeholder="e.g. Rev. Margaret Ellison"
                    onChange={(e) => updateServiceItem(item.id, { person: e.target.value })}
                  />
                </div>
                <ListItemControls
                  itemName={name}
                  index={index}
                  count={items.length}
                  onMove={(offset) => moveServiceItem(item.id, offset)}
                  onRemove={() => removeServiceItem(item.id)}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div>
        <Button variant="secondary" size="sm" onClick={() => addServiceItem()}>
          <Plus aria-hidden="true" />
          Add Service Item
        </Button>
      </div>
    </section>
  );
}
