import { useSnapshot } from "valtio";
import type { ProgramInput } from "../../../shared/schemas";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs";
import { PhotosEditor } from "../photos/photos-editor";
import { builderStore, updateDraft } from "./builder-store";
import { DraftInput, DraftTextarea } from "./draft-fields";
import { ServiceItemsEditor } from "./service-items-editor";
import { TributesEditor } from "./tributes-editor";

const CONTENT_SECTIONS = ["basic", "service", "photos", "tributes"] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];

export function ContentTab({
  section,
  onSectionChange,
}: {
  section: ContentSection;
  onSectionChange: (s: ContentSection) => void;
}) {
  const { draft } = useSnapshot(builderStore);
  return (
    <Tabs value={section} onValueChange={(v) => onSectionChange(v as ContentSection)}>
      <TabsList aria-label="Program content" className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
        <TabsTrigger value="basic">Basic Information</TabsTrigger>
        <TabsTrigger value="service">Service Details</TabsTrigger>
        <TabsTrigger value="photos">Content &amp; Photos</TabsTrigger>
        <TabsTrigger value="tributes">Tributes</TabsTrigger>
      </TabsList>

      <TabsContent value="basic" className="grid gap-5">
        <DraftInput field="fullName" label="Full name" placeholder="e.g. Eleanor Grace Whitfield" />
        <DraftInput
          field="preferredName"
          label="Preferred name"
          placeholder="e.g. Nell"
          hint="The name family and friends used, shown beneath the full name."
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <DraftInput field="birthDate" label="Date of birth" type="date" />
          <DraftInput field="passingDate" label="Date of passing" type="date" />
        </div>
      </TabsContent>

      <TabsContent value="service" className="grid gap-5">
        <DraftInput field="serviceDate" label="Service date and time" type="datetime-local" />
        <DraftInput
          field="location"
          label="Service location"
          placeholder="e.g. St. Andrew's Chapel, 14 Elm Street"
        />
        <DraftInput field="officiant" label="Officiant" placeholder="e.g. Rev. Margaret Ellison" />
        <ServiceItemsEditor />
        <DraftTextarea field="pallbearers" label="Pallbearers" hint="One name per line." rows={6} />
      </TabsContent>

      <TabsContent value="photos" className="grid gap-5">
        <DraftTextarea
          field="lifeReflections"
          label="Life reflections"
          hint="A few paragraphs about their life: where they came from, what they loved, how they will be remembered."
          rows={10}
        />
        <DraftTextarea field="scripture" label="Scripture or poem" rows={4} />
        <div data-focus="photos" className="grid gap-2">
          <h3 className="text-lg font-semibold">Photos</h3>
          <PhotosEditor
            program={draft as ProgramInput}
            onChange={(patch: Pick<Partial<ProgramInput>, "additionalPhotos" | "mainPhotoUrl">) =>
              updateDraft(patch)
            }
          />
        </div>
      </TabsContent>

      <TabsContent value="tributes" className="grid gap-6">
        <TributesEditor />
        <DraftTextarea
          field="acknowledgments"
          label="Acknowledgments"
          hint="Words of thanks from the family, printed near the end of the program."
          rows={5}
        />
      </TabsContent>
    </Tabs>
  );
}
