// The builder's photos: a drop zone and file picker that upload to the server (so photos survive
// a reload and reach the PDF), then the arrangement: order, caption, size, position, main photo.
import { ArrowDown, ArrowUp, ImagePlus, Star, Trash2 } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { PHOTO_POSITIONS, PHOTO_SIZES } from "../../../shared/constants";
import type { Photo, ProgramInput } from "../../../shared/schemas";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiRequest, messageOf } from "../../lib/api";
import { cn } from "../../lib/cn";
import { toast } from "../../lib/toast-store";
import { FocalPoint } from "./focal-point";
import {
  appendUploaded,
  checkFiles,
  MAX_UPLOAD_MB,
  movePhoto,
  PHOTO_POSITION_HELP,
  PHOTO_POSITION_LABELS,
  remainingSlots,
  remainingText,
  removePhoto,
  SUPPORTED_FORMATS_TEXT,
  type UploadedPhoto,
} from "./photo-list";

export type PhotosEditorProps = {
  program: ProgramInput;
  onChange: (patch: Pick<Partial<ProgramInput>, "additionalPhotos" | "mainPhotoUrl">) => void;
};

const uploadOne = (file: File) => {
  const form = new FormData();
  form.append("file", file);
  return apiRequest<UploadedPhoto>("POST", "/api/photos", form);
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function PhotosEditor({ program, onChange }: PhotosEditorProps) {
  const photos = program.additionalPhotos;
  // Uploads take a while: append to the list as it is when they finish, not as it was when they began.
  const latestPhotos = useRef(photos);
  latestPhotos.current = photos;
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();
  const helpId = `${inputId}-help`;
  const full = remainingSlots(photos) === 0;

  const upload = async (files: File[]) => {
    const problem = checkFiles(files, photos);
    if (problem) {
      toast({ ...problem, variant: "destructive" });
      return;
    }
    if (files.length === 0) return;
    const uploaded: UploadedPhoto[] = [];
    let failure: unknown;
    setProgress({ done: 0, total: files.length });
    // One at a time: the server's photo processing is the slow part, and the order stays the drop's.
    for (const file of files) {
      try {
        uploaded.push(await uploadOne(file));
      } catch (error) {
        failure = error;
        break;
      }
      setProgress({ done: uploaded.length, total: files.length });
    }
    setProgress(null);
    if (uploaded.length > 0) onChange({ additionalPhotos: appendUploaded(latestPhotos.current, uploaded) });
    if (failure) {
      toast({
        title: "Upload failed",
        description: messageOf(failure, "Please try again"),
        variant: "destructive",
      });
    } else {
      toast({ title: `Successfully uploaded ${uploaded.length} photo(s)` });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (progress) return;
    void upload([...event.dataTransfer.files]);
  };

  const update = (index: number, change: Partial<Photo>) =>
    onChange({ additionalPhotos: photos.map((photo, i) => (i === index ? { ...photo, ...change } : photo)) });

  const remove = (index: number) => {
    const removed = photos[index];
    const patch: Parameters<typeof onChange>[0] = { additionalPhotos: removePhoto(photos, index) };
    if (removed && program.mainPhotoUrl === removed.url) patch.mainPhotoUrl = "";
    onChange(patch);
  };

  return (
    // The builder gives this its "Photos" heading and focus marker.
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Supported formats: {SUPPORTED_FORMATS_TEXT}. Up to {MAX_UPLOAD_MB} MB each. Photos are kept at full
        quality for printing; location and camera details are removed.
      </p>

      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target for a mouse; the labelled file input inside serves keyboards and screen readers */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="photo-drop-zone"
        className={cn(
          "flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-6 text-center transition-colors",
          dragging ? "border-primary bg-primary/5" : "border-input",
          full && "opacity-60",
        )}
      >
        <ImagePlus aria-hidden className="size-8 text-muted-foreground" />
        <p className="text-sm">Drag photos here, or</p>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/*"
          className="peer sr-only"
          disabled={full || progress !== null}
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = ""; // choosing the same file again must fire change again
            void upload(files);
          }}
        />
        <Label
          htmlFor={inputId}
          className="inline-flex h-9 cursor-pointer items-center rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-disabled:cursor-not-allowed"
        >
          Choose photos
        </Label>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {progress
            ? `Uploading ${progress.done + 1} of ${progress.total}...`
            : full
              ? "Maximum 8 photos allowed"
              : remainingText(photos)}
        </p>
      </div>

      {photos.length > 0 && (
        <>
          <p id={helpId} className="text-sm text-muted-foreground">
            {PHOTO_POSITION_HELP} Drag the dot on a photo to the part every crop should keep.
          </p>
          <ol className="space-y-3" aria-label="Photos in this program">
            {photos.map((photo, index) => {
              const n = index + 1;
              const isMain = program.mainPhotoUrl !== "" && program.mainPhotoUrl === photo.url;
              const fieldId = `${inputId}-${photo.id}`;
              return (
                <li key={photo.id} className="flex gap-3 rounded-lg border p-3" data-photo-id={photo.id}>
                  <div className="relative shrink-0">
                    <FocalPoint photo={photo} n={n} onChange={(focal) => update(index, focal)} />
                    {isMain && <Badge className="absolute -top-2 -left-2">Main photo</Badge>}
                  </div>
                  <div className="grid min-w-0 flex-1 gap-2">
                    <div className="grid gap-1">
                      <Label htmlFor={`${fieldId}-caption`}>Caption for photo {n}</Label>
                      <Input
                        id={`${fieldId}-caption`}
                        value={photo.caption}
                        maxLength={300}
                        placeholder="e.g. Summer at the lake, 1968"
                        onChange={(event) => update(index, { caption: event.target.value })}
                      />
                    </div>
                    <div className="grid grid-cols-2 gap-2">
                      <div className="grid gap-1">
                        <Label htmlFor={`${fieldId}-size`}>Size of photo {n}</Label>
                        <select
                          id={`${fieldId}-size`}
                          aria-describedby={helpId}
                          className={selectClass}
                          value={photo.size}
                          onChange={(event) => update(index, { size: event.target.value as Photo["size"] })}
                        >
                          {PHOTO_SIZES.map((size) => (
                            <option key={size} value={size}>
                              {capitalize(size)}
                            </option>
                          ))}
                        </select>
                      </div>
                      <div className="grid gap-1">
                        <Label htmlFor={`${fieldId}-position`}>Position of photo {n}</Label>
                        <select
                          id={`${fieldId}-position`}
                          aria-describedby={helpId}
                          className={selectClass}
                          value={photo.position}
                          onChange={(event) =>
                            update(index, { position: event.target.value as Photo["position"] })
                          }
                        >
                          {PHOTO_POSITIONS.map((position) => (
                            <option key={position} value={position}>
                              {PHOTO_POSITION_LABELS[position]}
                            </option>
                          ))}
                        </select>
                      </div>
                    </div>
                    <div className="flex flex-wrap gap-1">
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Move photo ${n} up`}
                        disabled={index === 0}
                        onClick={() => onChange({ additionalPhotos: movePhoto(photos, index, -1) })}
                      >
                        <ArrowUp aria-hidden />
                      </Button>
                      <Button
                        variant="outline"
                        size="sm"
                        aria-label={`Move photo ${n} down`}
                        disabled={index === photos.length - 1}
                        onClick={() => onChange({ additionalPhotos: movePhoto(photos, index, 1) })}
                      >
                        <ArrowDown aria-hidden />
                      </Button>
                      <Button
                        variant={isMain ? "secondary" : "outline"}
                        size="sm"
                        aria-pressed={isMain}
                        aria-label={`${isMain ? "Main photo" : "Set as main photo"} (photo ${n})`}
                        onClick={() => onChange({ mainPhotoUrl: isMain ? "" : photo.url })}
                      >
                        <Star aria-hidden className={cn(isMain && "fill-current")} />
                        {isMain ? "Main photo" : "Set as main photo"}
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove photo ${n}`}
                        onClick={() => remove(index)}
                      >
                        <Trash2 aria-hidden />
                        Remove
                      </Button>
                    </div>
                    {photo.width && photo.height ? (
                      <p className="text-xs text-muted-foreground">
                        {photo.width} × {photo.height} px
                      </p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}
