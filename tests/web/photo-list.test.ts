import { describe, expect, test } from "bun:test";
import type { Photo } from "../../src/shared/schemas";
import {
  appendUploaded,
  checkFiles,
  movePhoto,
  remainingText,
  removePhoto,
} from "../../src/web/features/photos/photo-list";

const photo = (id: string, order: number): Photo => ({
  id,
  url: `/api/photos/${id}`,
  caption: id.toUpperCase(),
  size: "large",
  position: "service",
  order,
});
const list = (...ids: string[]) => ids.map((id, i) => photo(id, i));
const ids = (photos: Photo[]) => photos.map((p) => `${p.id}:${p.order}`);

describe("photo list rules", () => {
  test("new photos are medium, life, no caption, appended with their pixel size", () => {
    const next = appendUploaded(list("a"), [{ id: "b", url: "/api/photos/b", width: 3000, height: 3600 }]);
    expect(next[1]).toEqual({
      id: "b",
      url: "/api/photos/b",
      caption: "",
      size: "medium",
      position: "life",
      order: 1,
      width: 3000,
      height: 3600,
    });
  });

  test("moving swaps neighbours and renumbers; first up and last down change nothing", () => {
    const photos = list("a", "b", "c");
    expect(ids(movePhoto(photos, 2, -1))).toEqual(["a:0", "c:1", "b:2"]);
    expect(ids(movePhoto(photos, 0, 1))).toEqual(["b:0", "a:1", "c:2"]);
    expect(movePhoto(photos, 0, -1)).toBe(photos);
    expect(movePhoto(photos, 2, 1)).toBe(photos);
  });

  test("removing renumbers the rest", () => {
    expect(ids(removePhoto(list("a", "b", "c"), 0))).toEqual(["b:0", "c:1"]);
  });

  test("tells how many more fit", () => {
    expect(remainingText(list("a", "b", "c"))).toBe("You can add 5 more photos");
  });
});

describe("checking chosen files", () => {
  const image = (name = "a.jpg", size = 10) => new File([new Uint8Array(size)], name, { type: "image/jpeg" });

  test("accepts images that fit", () => {
    expect(checkFiles([image(), image()], list("a"))).toBeUndefined();
  });

  test("refuses anything that is not an image", () => {
    const text = new File(["hi"], "notes.txt", { type: "text/plain" });
    expect(checkFiles([image(), text], [])).toEqual({ title: "Please drop image files only" });
  });

  test("refuses more than the 8 allowed, saying how many more fit", () => {
    expect(checkFiles([image(), image()], list("a", "b", "c", "d", "e", "f", "g"))).toEqual({
      title: "Maximum 8 photos allowed",
      description: "You can add 1 more photos",
    });
  });

  test("refuses a file over 25 MB before sending it", () => {
    const big = image("scan.png", 25 * 1024 * 1024 + 1);
    expect(checkFiles([big], [])).toEqual({
      title: "Photo too large",
      description: "scan.png is larger than 25 MB. Please choose a smaller copy.",
    });
  });
});
