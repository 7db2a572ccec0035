// The server and CLI run one code path on SQLite and PostgreSQL: queries are awaited (SQLite's
// synchronous `.get()/.all()/.run()/.values()` do not exist on PostgreSQL), writes go through
// `write(db, tx => …)` (db/client.ts), and nothing outside db/ reaches the driver's `$client`.
import { expect, test } from "bun:test";
import { relative } from "node:path";
import { REPO } from "../cli/run-cli";

const RULES: { name: string; pattern: RegExp }[] = [
  { name: "synchronous SQLite query (await the query instead)", pattern: /\.(get|all|run)\(\)/g },
  // A Map's `.values()` is called on a name; a query's on the builder chain's last call.
  { name: "synchronous SQLite query (await the query instead)", pattern: /\)\s*\.values\(\)/g },
  { name: "driver client outside db/", pattern: /\$client\b/g },
  { name: "transaction outside write() (use write(db, tx => …))", pattern: /\.transaction\(/g },
  {
    name: "write outside write() (use write(db, tx => …))",
    pattern: /\bdb\s*\.\s*(insert|update|delete)\(/g,
  },
];

/** Comments may name what is forbidden: blank them, keeping line numbers. */
const withoutComments = (source: string) =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, (block) => block.replace(/[^\n]/g, " "))
    .replace(/(^|\s)\/\/.*$/gm, "$1");

/** `file:line: rule` for each forbidden use in `source`. */
const violationsIn = (file: string, source: string) => {
  const code = withoutComments(source);
  return RULES.flatMap(({ name, pattern }) =>
    [...code.matchAll(pattern)].map((match) => {
      const line = code.slice(0, match.index).split("\n").length;
      return `${file}:${line}: ${name}`;
    }),
  );
};

test("the checker finds each forbidden use and nothing else", () => {
  const forbidden = [
    "const row = db.select().from(users).where(eq(users.id, id)).get();",
    "const rows = db\n  .select()\n  .from(users)\n  .all();",
    "tx.update(users).set({ name }).run();",
    "const raw = db.select().from(users).values();",
    "db.$client.close();",
    "db.transaction((tx) => {});",
    "await db.insert(users).values(row);",
    "await db\n  .delete(users)\n  .where(eq(users.id, id));",
  ];
  for (const source of forbidden)
    expect({ source, found: violationsIn("f.ts", source).length }).toEqual({ source, found: 1 });
  const allowed = [
    "const value = cache.get(key);",
    "for (const waiting of pending.values()) waiting.reject(error);",
    "await tx.insert(users).values(row);",
    "const [row] = await db.select().from(users).where(eq(users.id, id));",
    "await write(db, (tx) => tx.delete(users).where(eq(users.id, id)));",
    "const results = await Promise.all([a, b]);",
    "// never `.get()`, never db.$client\n/* nor db.transaction( */",
    "hasher.update(text); app.delete('/keys/:id', handler);",
  ];
  for (const source of allowed)
    expect({ source, found: violationsIn("f.ts", source) }).toEqual({ source, found: [] });
});

test("src/ (outside db/) queries the database the same way on SQLite and PostgreSQL", async () => {
  const found: string[] = [];
  for await (const path of new Bun.Glob("src/**/*.{ts,tsx}").scan({ cwd: REPO, absolute: true })) {
    found.push(...violationsIn(relative(REPO, path), await Bun.file(path).text()));
  }
  expect(found).toEqual([]);
});
