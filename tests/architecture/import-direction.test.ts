// The parts of src/ depend one way: shared ← print ← server and cli, and the web app reaches the
// server only through the API (types excepted). Each import across parts is checked here, so the
// direction holds without anyone having to remember it.
import { expect, test } from "bun:test";
import { dirname, join, relative } from "node:path";
import { REPO } from "../cli/run-cli";

type Part = "shared" | "print" | "server" | "web" | "cli";
type Import = { file: string; line: number; specifier: string; typeOnly: boolean };

/** What each part must not import, by the part imported; `unless` names the exception. */
const FORBIDDEN: { from: Part; to: Part[]; unless?: (use: Import) => boolean; why: string }[] = [
  { from: "shared", to: ["print", "server", "web", "cli"], why: "shared imports only shared" },
  { from: "print", to: ["server", "web", "cli"], why: "print imports only shared" },
  {
    from: "web",
    to: ["server", "cli"],
    unless: (use) => use.typeOnly,
    why: "the web app imports server code only with `import type`",
  },
  {
    from: "server",
    to: ["web", "cli"],
    // The built SPA is served from its HTML entry (docs/decisions/001-serving-the-built-spa.md).
    unless: (use) => use.file === "src/server/serve.ts" && use.specifier === "../web/index.html",
    why: "the server imports the web app only as serve.ts's index.html",
  },
  { from: "cli", to: ["web"], why: "the CLI does not import the web app" },
];

/** Blank comments (they may quote an import), keeping line numbers. */
const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(^|\s)\/\/.*$/gm, "$1");

// Static imports and re-exports (over several lines too), side-effect imports, dynamic imports.
const IMPORT =
  /(?:^|[\s;])(?:import|export)(\s+type\b)?[^;'"`]*?\sfrom\s*["']([^"']+)["']|(?:^|[\s;])import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/g;

const importsIn = (file: string, source: string): Import[] => {
  const code = withoutComments(source);
  return [...code.matchAll(IMPORT)].map((match) => ({
    file,
    line: code.slice(0, match.index).split("\n").length,
    specifier: match[2] ?? match[3] ?? match[4] ?? "",
    typeOnly: match[1] !== undefined,
  }));
};

const partOf = (path: string): Part | undefined => {
  const [top, part] = path.split("/");
  return top === "src" ? (part as Part) : undefined;
};

/** `file:line: rule (specifier)` for each import that runs against the direction. */
const violationsIn = (file: string, source: string) =>
  importsIn(file, source).flatMap((use) => {
    const from = partOf(file);
    const runtimeOnly = /^(node:|bun$|bun:)/.test(use.specifier);
    if (from === "shared" && runtimeOnly) {
      return [
        `${file}:${use.line}: shared runs in the browser too, so no ${use.specifier} (${use.specifier})`,
      ];
    }
    if (!use.specifier.startsWith(".")) return [];
    const to = partOf(relative(REPO, join(REPO, dirname(file), use.specifier)));
    const rule = FORBIDDEN.find((r) => r.from === from && to && r.to.includes(to));
    if (!rule || rule.unless?.(use)) return [];
    return [`${file}:${use.line}: ${rule.why} (${use.specifier})`];
  });

test("the checker finds each import against the direction and nothing else", () => {
  const forbidden: [string, string][] = [
    ["src/shared/a.ts", 'import { AppError } from "../server/errors";'],
    ["src/shared/a.ts", 'import { readFile } from "node:fs/promises";'],
    ["src/print/a.ts", 'import { config } from "../server/config";'],
    ["src/print/booklet/a.ts", 'export { x } from "../../web/lib/x";'],
    ["src/web/lib/a.ts", 'import { type Api, app } from "../../server/app";'],
    ["src/web/a.tsx", 'const m = await import("../server/app");'],
    ["src/server/a.ts", 'import "../web/styles.css";'],
    ["src/server/http/a.ts", 'import page from "../../web/index.html";'],
    ["src/cli/a.ts", 'import {\n  Button,\n} from "../web/components/ui/button";'],
  ];
  for (const [file, source] of forbidden)
    expect({ source, found: violationsIn(file, source).length }).toEqual({ source, found: 1 });
  const allowed: [string, string][] = [
    ["src/shared/a.ts", 'import { z } from "zod";\nimport { x } from "./schemas";'],
    [
      "src/print/a.ts",
      'import { programSchema } from "../shared/schemas";\nimport { readFile } from "node:fs";',
    ],
    ["src/web/lib/a.ts", 'import type { Api } from "../../server/app";'],
    ["src/web/a.tsx", 'import { renderPage } from "../print/booklet/booklet-page";'],
    ["src/server/serve.ts", 'import index from "../web/index.html";'],
    ["src/server/a.ts", 'import { render } from "../print/render-program-pdf";'],
    [
      "src/cli/a.ts",
      'import { openAppDatabase } from "../../db/client";\nimport { x } from "../server/app";',
    ],
    ["src/server/a.ts", '// not `import x from "../web/x"`\nconst text = "from the web";'],
  ];
  for (const [file, source] of allowed)
    expect({ source, found: violationsIn(file, source) }).toEqual({ source, found: [] });
});

test("src/ imports run one way: shared ← print ← server and cli; web takes only types from the server", async () => {
  const found: string[] = [];
  let imports = 0;
  for await (const path of new Bun.Glob("src/**/*.{ts,tsx}").scan({ cwd: REPO, absolute: true })) {
    const file = relative(REPO, path);
    const source = await Bun.file(path).text();
    imports += importsIn(file, source).length;
    found.push(...violationsIn(file, source));
  }
  expect(imports).toBeGreaterThan(500);
  expect(found).toEqual([]);
});
