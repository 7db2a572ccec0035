// Every text the product spec quotes (what users see, word for word) is in the app's code, or
// docs/spec-differences.md lists it with the reason it is not; an entry for a text that is shown
// after all is stale and fails too.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";

const REPO = join(import.meta.dir, "../..");
const read = (path: string) => readFileSync(join(REPO, path), "utf8");

/** 'Quoted' texts; an apostrophe inside a word ("don't") does not end one. */
const quotedTexts = (markdown: string) => [
  ...new Set([...markdown.matchAll(/(?<![A-Za-z])'(.+?)'(?![A-Za-z])/g)].map((m) => m[1] as string)),
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/**
 * The text as code writes it: a placeholder ({n}, {plan name}, $price) or a number from the
 * constants (8) may be filled in by an expression, e.g. `${LIMITS.minPasswordLength}`.
 */
const asCodePattern = (text: string) =>
  new RegExp(
    text
      .split(/(\{[^}]+\}|\$[a-z]+|\d+)/)
      .map((part, i) =>
        i % 2 === 0 ? escapeRegExp(part) : `(?:${/^\d+$/.test(part) ? `${part}|` : ""}[\\s\\S]{1,80}?)`,
      )
      .join(""),
  );

const sources = ["src/web", "src/server", "src/shared"].flatMap((dir) =>
  [...new Glob("**/*.{ts,tsx}").scanSync(join(REPO, dir))].map((file) => read(join(dir, file))),
);
const shown = (text: string) => sources.some((source) => asCodePattern(text).test(source));

const spec = quotedTexts(read("docs/product-spec.md"));
const differences = read("docs/spec-differences.md");
const listed = [...differences.matchAll(/^- '(.+?)'(?![A-Za-z])/gm)].map((m) => m[1] as string);

test("the spec quotes texts, and the differences file lists some", () => {
  expect(spec.length).toBeGreaterThan(50);
  expect(spec).toContain("Honor Their Memory With Dignity");
  expect(listed.length).toBeGreaterThan(0);
});

test("every quoted spec text is shown, or listed in docs/spec-differences.md", () => {
  const missing = spec.filter((text) => !shown(text) && !listed.includes(text));
  expect(missing).toEqual([]);
});

test("docs/spec-differences.md lists only spec texts that are really not shown", () => {
  expect(listed.filter((text) => !spec.includes(text))).toEqual([]);
  expect(listed.filter(shown)).toEqual([]);
});
