import { expect, test } from "bun:test";
import { designVariables, THEME_PALETTES } from "../../src/print/booklet/design";
import { contrastRatio, readableAccent } from "../../src/print/booklet/readable-accent";
import { COLOR_THEMES } from "../../src/shared/constants";

test.each([...COLOR_THEMES])("captions in the %s theme's accent read at 4.5:1 or better", (theme) => {
  const palette = THEME_PALETTES[theme];
  const text = designVariables(theme, "georgia")["--accent-text"] ?? "";
  expect(contrastRatio(text, palette.paper)).toBeGreaterThanOrEqual(4.5);
  expect(contrastRatio(text, palette.tint)).toBeGreaterThanOrEqual(4.5);
});

test("an accent that already reads well is kept as it is", () => {
  expect(readableAccent("#1f2a44", "#000000", ["#ffffff"])).toBe("#1f2a44");
  expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
});
