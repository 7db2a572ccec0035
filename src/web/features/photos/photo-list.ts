// The photo list's rules (order, moves, the 8-photo limit), pure so the editor stays a thin view.
import { LIMITS } from "../../../shared/constants";
import type { Photo } from "../../../shared/schemas";

export const SUPPORTED_FORMATS_TEXT = "JPG, PNG, WebP";
export const MAX_UPLOAD_MB = LIMITS.maxPhotoUploadBytes / (1024 * 1024);

export type UploadedPhoto = { id: string; url: string; width: number; height: number };

/** Order is the position in the list, renumbered after every change. */
const renumber = (photos: Photo[]): Photo[] => photos.map((photo, order) => ({ ...photo, order }));

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

/**
 * Where each Position prints, as the planner places it (assignPhotos): the words the editor
 * shows, so a label never promises a page the photo does not print on.
 */
export const PHOTO_POSITION_LABELS: Record<Photo["position"], string> = {
  cover: "Front cover",
  life: "Inside page (Life)",
  service: "Inside page (Service)",
  tribute: "Cherished Memories page",
  memorial: "Back cover",
};

export const PHOTO_POSITION_HELP =
  "Front cover is used when no main photo is chosen. Life and Service photos print on the inside page with the dates and verse (up to 3); more go to the Cherished Memories page. Size sets how much of its place a photo fills inside the booklet: Small, Medium, Large, or Full for a row of its own.";

/** Where crops of a photo are centred until the family moves the marker (the stylesheet's default). */
export const DEFAULT_FOCAL = { x: 0.5, y: 0.3 } as const;

const clamp01 = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));

/** The focal point under a pointer on the thumbnail's box. */
export const focalFromPointer = (
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
) => ({
  focalX: clamp01((clientX - box.left) / Math.max(1, box.width)),
  focalY: clamp01((clientY - box.top) / Math.max(1, box.height)),
});

const FOCAL_STEP = 0.05;
const FOCAL_KEYS: Record<string, [number, number]> = {
  ArrowLeft: [-FOCAL_STEP, 0],
  ArrowRight: [FOCAL_STEP, 0],
  ArrowUp: [0, -FOCAL_STEP],
  ArrowDown: [0, FOCAL_STEP],
};

/** The focal point after an arrow key, or undefined for any other key. */
export const focalAfterKey = (photo: Pick<Photo, "focalX" | "focalY">, key: string) => {
  const move = FOCAL_KEYS[key];
  if (!move) return undefined;
  return {
    focalX: clamp01((photo.focalX ?? DEFAULT_FOCAL.x) + move[0]),
    focalY: clamp01((photo.focalY ?? DEFAULT_FOCAL.y) + move[1]),
  };
};
