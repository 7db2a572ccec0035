// The photo's thumbnail, whole, with a marker the family drags (or moves with the arrow keys) to
// the part of the photo every crop must keep: a face on a cover, the couple in a wide shot.
import { type PointerEvent, useRef } from "react";
import { screenPhotoUrl } from "../../../shared/photo-urls";
import type { Photo } from "../../../shared/schemas";
import { DEFAULT_FOCAL, focalAfterKey, focalFromPointer } from "./photo-list";

type FocalPointProps = {
  photo: Photo;
  n: number;
  onChange: (focal: { focalX: number; focalY: number }) => void;
};

export function FocalPoint({ photo, n, onChange }: FocalPointProps) {
  const box = useRef<HTMLDivElement>(null);
  const x = photo.focalX ?? DEFAULT_FOCAL.x;
  const y = photo.focalY ?? DEFAULT_FOCAL.y;
  const moveTo = (event: PointerEvent) => {
    const rect = box.current?.getBoundingClientRect();
    if (rect) onChange(focalFromPointer(rect, event.clientX, event.clientY));
  };
  return (
    <div
      ref={box}
      className="relative w-24 touch-none overflow-hidden rounded-md bg-muted"
      // The whole photo shows, so the marker sits on the point it names.
      style={{ aspectRatio: photo.width && photo.height ? `${photo.width} / ${photo.height}` : "4 / 5" }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        moveTo(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) moveTo(event);
      }}
    >
      <img
        src={screenPhotoUrl(photo.url)}
        alt={photo.caption || `Photo ${n}`}
        className="size-full object-cover"
        draggable={false}
      />
      <button
        type="button"
        className="absolute size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary/70 shadow focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        style={{ left: `${x * 100}%`, top: `${y * 100}%` }}
        aria-label={`Focus point of photo ${n}: ${Math.round(x * 100)}% across, ${Math.round(y * 100)}% down. Crops keep this point in view; drag it or use the arrow keys to move it.`}
        onKeyDown={(event) => {
          const next = focalAfterKey(photo, event.key);
          if (!next) return;
          event.preventDefault();
          onChange(next);
        }}
      />
    </div>
  );
}
