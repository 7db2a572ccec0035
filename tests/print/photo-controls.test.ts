// Issue 23: photos do what their labels say. Each Position's label names the page the planner
// prints it on, each Size prints at a different size, and the focal point the family sets is the
// centre of every crop (cover, Modern's band, grids), in the preview and the PDF alike.
import { describe, expect, test } from "bun:test";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BookletPageView } from "../../src/print/booklet/booklet-page";
import { type BookletPageKind, planBooklet } from "../../src/print/booklet/plan-booklet";
import { PHOTO_POSITIONS, PHOTO_SIZES } from "../../src/shared/constants";
import { type Photo, type ProgramInput, programInputSchema } from "../../src/shared/schemas";
import {
  focalAfterKey,
  focalFromPointer,
  PHOTO_POSITION_LABELS,
} from "../../src/web/features/photos/photo-list";
import { fixtureProgram } from "./support/fixture-programs";

const photo = (id: string, change: Partial<Photo> = {}): Photo => ({
  id,
  url: `/api/photos/${id}`,
  caption: "",
  size: "medium",
  position: "tribute",
  order: Number(id.replace(/\D/g, "")) || 0,
  width: 1200,
  height: 1500,
  ...change,
});

const withPhotos = (additionalPhotos: Photo[], change: Partial<ProgramInput> = {}): ProgramInput => ({
  ...fixtureProgram("typical"),
  mainPhotoUrl: "",
  additionalPhotos,
  ...change,
});

const pageOf = (program: ProgramInput, url: string) =>
  planBooklet(program).pages.find((p) => p.photos?.some((placed) => placed.url === url));

/** The words each page is called by in the Position labels. */
const PAGE_WORDS: Partial<Record<BookletPageKind, string>> = {
  cover: "Front cover",
  "inside-left": "Inside page",
  "photo-memories": "Cherished Memories",
  back: "Back cover",
};

test("each Position's label names the page the photo prints on", () => {
  for (const position of PHOTO_POSITIONS) {
    const program = withPhotos([photo("p1", { position })]);
    const kind = pageOf(program, "/api/photos/p1")?.kind;
    expect({ position, label: PHOTO_POSITION_LABELS[position] }).toEqual({
      position,
      label: expect.stringContaining(PAGE_WORDS[kind as BookletPageKind] ?? `no label for ${kind}`),
    });
  }
});

describe("each Size prints at a different size", () => {
  const printedWidth = (size: Photo["size"]) => {
    const program = withPhotos([photo("p1", { size }), photo("p2"), photo("p3")]);
    const page = pageOf(program, "/api/photos/p1");
    if (!page) throw new Error("photo not placed");
    const html = renderToStaticMarkup(createElement(BookletPageView, { program, page }));
    const width = html.match(/<img src="\/api\/photos\/p1"[^>]*style="width:([\d.]+)in/)?.[1];
    return Number(width);
  };

  test("small prints smaller than medium, and large and full no smaller than the size before", () => {
    const [small, medium, large, full] = PHOTO_SIZES.map(printedWidth) as [number, number, number, number];
    expect(small).toBeLessThan(medium * 0.7);
    // Where the page is narrower than a row of its own could use, the same width (to the float).
    expect(large).toBeGreaterThan(medium - 0.001);
    expect(full).toBeGreaterThan(large - 0.001);
  });

  test("a large photo takes a row of its own too", () => {
    const program = withPhotos([photo("p1", { size: "large" }), photo("p2"), photo("p3")]);
    const placed = pageOf(program, "/api/photos/p1")?.photos ?? [];
    const row = placed.find((p) => p.id === "p1")?.row;
    expect(placed.filter((p) => p.row === row).map((p) => p.id)).toEqual(["p1"]);
  });

  test("a full-size photo takes a row of its own", () => {
    const program = withPhotos([photo("p1", { size: "full" }), photo("p2"), photo("p3")]);
    const placed = pageOf(program, "/api/photos/p1")?.photos ?? [];
    const row = placed.find((p) => p.id === "p1")?.row;
    expect(placed.filter((p) => p.row === row).map((p) => p.id)).toEqual(["p1"]);
  });
});

describe("the focal point", () => {
  const focal = { focalX: 0.2, focalY: 0.85 };
  const markup = (program: ProgramInput, kind: BookletPageKind) => {
    const page = planBooklet(program).pages.find((p) => p.kind === kind);
    if (!page) throw new Error(`no ${kind} page`);
    return renderToStaticMarkup(createElement(BookletPageView, { program, page }));
  };

  test("centres the crop of the cover (Modern's band included), the grids and the back", () => {
    const photos = [
      photo("p1", { position: "cover", ...focal }),
      photo("p2", focal),
      photo("p3", { position: "memorial", ...focal }),
    ];
    for (const pageLayout of ["standard", "modern"] as const) {
      const program = withPhotos(photos, { pageLayout });
      for (const kind of ["cover", "photo-memories", "back"] as const) {
        expect({
          pageLayout,
          kind,
          centred: markup(program, kind).includes("object-position:20% 85%"),
        }).toEqual({ pageLayout, kind, centred: true });
      }
    }
  });

  test("the main photo's focal point is used on the cover", () => {
    const program = withPhotos([photo("p1", focal)], { mainPhotoUrl: "/api/photos/p1" });
    expect(markup(program, "cover")).toContain("object-position:20% 85%");
  });

  test("a focal point outside the photo is refused, naming the field", () => {
    const result = programInputSchema.safeParse(withPhotos([photo("p1", { focalX: 1.5 })]));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe("Photo focal point across must be from 0 to 1");
  });

  test("the thumbnail's marker follows the pointer and the arrow keys, within the photo", () => {
    const box = { left: 10, top: 20, width: 100, height: 200 };
    expect(focalFromPointer(box, 60, 170)).toEqual({ focalX: 0.5, focalY: 0.75 });
    expect(focalFromPointer(box, -50, 500)).toEqual({ focalX: 0, focalY: 1 });
    expect(focalAfterKey({}, "ArrowRight")).toEqual({ focalX: 0.55, focalY: 0.3 });
    expect(focalAfterKey({ focalX: 0.5, focalY: 0 }, "ArrowUp")).toEqual({ focalX: 0.5, focalY: 0 });
    expect(focalAfterKey({}, "Enter")).toBeUndefined();
  });
});
