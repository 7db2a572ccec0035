import { useSnapshot } from "valtio";
import { type ProgramInput, programInputSchema } from "../../../shared/schemas";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../components/ui/alert-dialog";
import { builderStore, keepMyVersion, takeTheirVersion } from "./builder-store";

const FIELD_LABELS: Partial<Record<keyof ProgramInput, string>> = {
  fullName: "Full name",
  preferredName: "Preferred name",
  birthDate: "Birth date",
  passingDate: "Passing date",
  serviceDate: "Service date",
  location: "Service location",
  officiant: "Officiant",
  lifeReflections: "Life reflections",
  scripture: "Scripture",
  pallbearers: "Pallbearers",
  acknowledgments: "Acknowledgments",
  serviceItems: "Order of service",
  tributes: "Tributes",
  additionalPhotos: "Photos",
  mainPhotoUrl: "Main photo",
  colorTheme: "Colour theme",
  fontStyle: "Font style",
  pageLayout: "Page layout",
  overlayEffect: "Overlay effect",
  programWords: "This program's words",
};

const MAX_SHOWN_CHARS = 120;

const describe = (value: unknown) => {
  if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? "entry" : "entries"}`;
  const text = String(value ?? "");
  if (text === "") return "(empty)";
  return text.length > MAX_SHOWN_CHARS ? `${text.slice(0, MAX_SHOWN_CHARS)}…` : text;
};

/** The fields where the draft and the newer stored version differ. */
const differences = (mine: ProgramInput, theirs: ProgramInput) =>
  (Object.keys(FIELD_LABELS) as (keyof ProgramInput)[])
    .filter((field) => JSON.stringify(mine[field]) !== JSON.stringify(theirs[field]))
    .map((field) => ({
      field,
      label: FIELD_LABELS[field],
      mine: describe(mine[field]),
      theirs: describe(theirs[field]),
    }));

/**
 * A save ran into a newer version saved elsewhere (another tab, another person): both versions
 * are shown side by side and the user decides; neither is overwritten without asking.
 */
export function SaveConflictDialog({ onKeepMine }: { onKeepMine: () => void }) {
  const { conflict, draft } = useSnapshot(builderStore);
  const rows = conflict ? differences(draft as ProgramInput, programInputSchema.parse(conflict)) : [];
  return (
    <AlertDialog open={conflict !== null}>
      <AlertDialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <AlertDialogHeader>
          <AlertDialogTitle>This program was changed elsewhere</AlertDialogTitle>
          <AlertDialogDescription>
            Someone saved a newer version of this program (perhaps you, in another tab) after you opened it.
            Choose which version to keep. Nothing has been overwritten.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">Differences between your version and the saved version</caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="w-1/4 py-2 pr-2 font-medium">
                Field
              </th>
              <th scope="col" className="py-2 pr-2 font-medium">
                Your version
              </th>
              <th scope="col" className="py-2 font-medium">
                Saved version
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={3} className="py-2 text-muted-foreground">
                  The two versions have the same content.
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.field} className="border-b align-top">
                  <th scope="row" className="py-2 pr-2 font-medium">
                    {row.label}
                  </th>
                  <td className="break-words py-2 pr-2">{row.mine}</td>
                  <td className="break-words py-2">{row.theirs}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={takeTheirVersion}>Take Saved Version</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              keepMyVersion();
              onKeepMine();
            }}
          >
            Keep My Version
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
