// The photo list's rules (order, moves, the 8-photo limit), pure so the editor stays a thin view.
import { LIMITS } from "../../../shared/constants";
import type { Photo } from "../../../shared/schemas";

export const SUPPORTED_FORMATS_TEXT = "JPG, PNG, WebP";
export const MAX_UPLOAD_MB = LIMITS.maxPhotoUploadBytes / (1024 * 1024);

export type UploadedPhoto = { id: string; url: string; width: number; height: number };

/** Order is the position in the list, renumbered after every change. */
export const renumber = (photos: Photo[]): Photo[] => photos.map((photo, order) => ({ ...photo, order }));

/** New photos: size medium, position life, empty caption, appended at the end. */
export const appendUploaded = (photos: Photo[], uploaded: UploadedPhoto[]): Photo[] =>
  renumber([
    ...photos,
    ...uploaded.map(({ id, url, width, height }) => ({
      id,
      url,
      width,
      height,
      caption: "",
      size: "medium" as const,
      position: "life" as const,
      order: 0,
    })),
  ]);

/** Swaps a photo with its neighbour; moving the first up or the last down changes nothing. */
export const movePhoto = (photos: Photo[], index: number, direction: -1 | 1): Photo[] => {
  const target = index + direction;
  const [a, b] = [photos[index], photos[target]];
  if (!a || !b) return photos;
  const next = [...photos];
  next[index] = b;
  next[target] = a;
  return renumber(next);
};

export const removePhoto = (photos: Photo[], index: number): Photo[] =>
  renumber(photos.filter((_, i) => i !== index));

export const remainingSlots = (photos: Photo[]) => Math.max(0, LIMITS.maxPhotosPerProgram - photos.length);

export const remainingText = (photos: Photo[]) => `You can add ${remainingSlots(photos)} more photos`;

export type DropProblem = { title: string; description?: string };

/**
 * Why a set of chosen or dropped files cannot be uploaded, or undefined when it can. All or
 * nothing, so the family knows exactly which photos were added.
 */
export const checkFiles = (files: File[], photos: Photo[]): DropProblem | undefined => {
  if (files.length === 0) return undefined;
  if (files.some((file) => !file.type.startsWith("image/"))) return { title: "Please drop image files only" };
  if (files.length > remainingSlots(photos)) {
    return {
      title: `Maximum ${LIMITS.maxPhotosPerProgram} photos allowed`,
      description: remainingText(photos),
    };
  }
  const tooLarge = files.find((file) => file.size > LIMITS.maxPhotoUploadBytes);
  if (tooLarge) {
    return {
      title: "Photo too large",
      description: `${tooLarge.name} is larger than ${MAX_UPLOAD_MB} MB. Please choose a smaller copy.`,
    };
  }
  return undefined;
};
