import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderFontAssetsModule } from "../../scripts/generate-font-assets";

test("the generated font imports match booklet.css (regenerate with scripts/generate-font-assets.ts)", () => {
  const committed = readFileSync(
    join(import.meta.dir, "../../src/print/booklet/font-assets.generated.ts"),
    "utf8",
  );
  expect(committed).toBe(renderFontAssetsModule());
  // Every family in every weight brings its latin-ext subset, or accented names fall back to another font.
  for (const family of ["gelasio", "tinos", "playfair-display", "inter", "lora"]) {
    expect(committed).toContain(`${family}-latin-ext-400-normal.woff2`);
    expect(committed).toContain(`${family}-latin-ext-700-normal.woff2`);
  }
});
