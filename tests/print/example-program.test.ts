// View Examples (issue 23, item 6): the example is a finished booklet with photos and tributes,
// drawn for Keepsake and bundled, which the preview loads from /assets/examples/ and the PDF
// prints in any account.
import { expect, test } from "bun:test";
import sharp from "sharp";
import { examplePhoto } from "../../src/print/booklet/example-photos";
import { planBooklet } from "../../src/print/booklet/plan-booklet";
import { assetRoutes } from "../../src/server/http/asset-routes";
import { EXAMPLE_PHOTO_SIZES, examplePhotoUrl, withExampleContent } from "../../src/shared/example-photos";
import { sampleProgram } from "../../src/shared/sample-program";
import { printWithFixturePhotos } from "./support/fixture-programs";

const render = printWithFixturePhotos();
const example = withExampleContent(sampleProgram());

test("the example has photos on its cover, inside, memories and back pages, and tributes, each sharp enough to print", () => {
  const plan = planBooklet(example);
  const withPhotos = plan.pages.filter((p) => (p.photos ?? []).length > 0).map((p) => p.kind);
  expect(withPhotos).toEqual(["cover", "inside-left", "life-reflections", "photo-memories", "back"]);
  expect(plan.pages.find((p) => p.kind === "tributes")?.blocks?.length).toBe(3);
  expect(plan.checks.filter((c) => /photo/i.test(c.message))).toEqual([]);
});

test("what the family typed is kept: their own photos and tributes are never replaced", () => {
  const own = {
    ...example,
    additionalPhotos: [],
    mainPhotoUrl: "/api/photos/mine",
    tributes: example.tributes.slice(0, 1),
  };
  expect(withExampleContent(own)).toEqual(own);
});

test("each example photo is small, the size it declares, and served at its address", async () => {
  for (const [name, size] of Object.entries(EXAMPLE_PHOTO_SIZES)) {
    const photo = examplePhoto(examplePhotoUrl(name));
    expect(photo?.body.length).toBeLessThan(150 * 1024);
    const meta = await sharp(photo?.body).metadata();
    expect({ name, width: meta.width, height: meta.height }).toEqual({ name, ...size });
    const served = assetRoutes["/assets/*"](new Request(`http://localhost${examplePhotoUrl(name)}`));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(
      photo?.body.slice() as Uint8Array<ArrayBuffer>,
    );
  }
  expect(assetRoutes["/assets/*"](new Request("http://localhost/assets/examples/other.jpg")).status).toBe(
    404,
  );
});

test("the example prints with its photos in an account that has none of them", async () => {
  const printed = await render(example, { variant: "pages" });
  expect(printed.plan.pages.map((p) => (p.photos ?? []).length)).toEqual(
    planBooklet(example).pages.map((p) => (p.photos ?? []).length),
  );
  expect(printed.checks.filter((c) => c.level === "warning")).toEqual([]);
}, 60_000);
