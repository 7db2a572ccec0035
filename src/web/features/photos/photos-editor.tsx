// STUB owned by the photos work (issue 5): the builder's photo drop zone and arrangement.
import type { ProgramInput } from "../../../shared/schemas";

export type PhotosEditorProps = {
  program: ProgramInput;
  onChange: (patch: Pick<Partial<ProgramInput>, "additionalPhotos" | "mainPhotoUrl">) => void;
};

export function PhotosEditor(_props: PhotosEditorProps) {
  return <p className="text-sm text-muted-foreground">Photo uploads are coming soon.</p>;
}
