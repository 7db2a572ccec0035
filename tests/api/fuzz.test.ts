// Property-based fuzzing of every route the API registers (read from the app): random and
// malformed bodies, queries, headers, huge and odd unicode strings, wrong types and random bytes
// as photos. Whatever arrives: never a 500, never a stack trace or a secret in the answer, and a
// refused request (4xx) writes nothing.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { sampleProgram } from "../../src/shared/sample-program";
import { notACrash } from "../support/answers";
import { snapshotData } from "../support/db-snapshot";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { photoForm } from "../support/test-images";

/** How many random requests each route gets; `FUZZ_RUNS` raises it for a longer hunt. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);
const SECRET = "sk-fuzz-secret-0123456789";

let app: TestApp;
let client: TestClient;
let programId: string;
beforeAll(async () => {
  // A model key that must never be echoed; the model itself is unreachable (offline answers are used).
  app = await startTestApp({ env: { OPENAI_API_KEY: SECRET, OPENAI_BASE_URL: "http://127.0.0.1:9/v1" } });
  client = app.client();
  await client.signUp();
  programId = (await client.post("/api/programs", sampleProgram())).json.id;
});
afterAll(() => app.stop());

const LEAKS = [
  SECRET,
  "$argon2",
  "password_hash",
  "    at ",
  "node_modules",
  "/src/",
  "SQLITE",
  "TypeError",
  "ReferenceError",
];

const oddStrings = fc.oneof(
  fc.string({ unit: "binary", maxLength: 200 }),
  fc.string({ unit: "grapheme", maxLength: 200 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "\uD800",
    "\uFEFF",
    "‮evil",
    "𝕰𝖑𝖊𝖆𝖓𝖔𝖗",
    "../../etc/passwd",
    "%00",
    "'; drop table programs; --",
    "<script>alert(1)</script>",
    "__proto__",
    "constructor",
    "NaN",
    "1e309",
    "-0",
  ),
  fc.integer({ min: 1, max: 3 }).map((n) => "x".repeat(n * 100_000)),
);
const wrongTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 5 }),
  fc.object({ maxDepth: 2 }),
);
const fieldValue = fc.oneof(oddStrings, wrongTypes);
/** A program with some fields replaced by something odd: gets past "not an object" to every field's checks. */
const nearlyProgram = fc
  .dictionary(
    fc.constantFrom(...Object.keys(sampleProgram()), "version", "id", "ownerId", "__proto__"),
    fieldValue,
    { maxKeys: 6 },
  )
  .map((odd) => ({ ...sampleProgram(), ...odd }));
const jsonBody = fc.oneof(
  nearlyProgram,
  fc.array(nearlyProgram, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(oddStrings, fieldValue, { maxKeys: 5 }),
  fc.record(
    {
      text: fieldValue,
      email: fieldValue,
      password: fieldValue,
      firstName: fieldValue,
      lastName: fieldValue,
    },
    { requiredKeys: [] },
  ),
);
const rawBody = fc.oneof(
  jsonBody.map((b) => ({ kind: "json" as const, text: JSON.stringify(b) ?? "null" })),
  oddStrings.map((text) => ({ kind: "json" as const, text })),
  fc.uint8Array({ maxLength: 4096 }).map((bytes) => ({ kind: "photo" as const, bytes })),
  oddStrings.map((text) => ({ kind: "text" as const, text })),
);
const query = fc.dictionary(
  fc.constantFrom("ids", "variant", "marks", "cmyk", "combine", "rendition", "x"),
  oddStrings.filter((s) => s.length < 5000),
  { maxKeys: 4 },
);
const headers = fc.dictionary(
  fc.constantFrom(
    "content-type",
    "accept",
    "accept-language",
    "if-none-match",
    "x-forwarded-for",
    "x-forwarded-proto",
    "range",
  ),
  fc.oneof(
    fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map(String.fromCharCode), maxLength: 100 }),
    fc.constantFrom("multipart/form-data; boundary=x", "application/json; charset=utf-16", "*/*"),
  ),
  { maxKeys: 3 },
);
const pathId = fc.oneof(
  fc.constant(null),
  oddStrings.filter((s) => s.length > 0 && s.length < 2000),
);

const requestFor = (body: fc.Arbitrary<unknown>) => fc.record({ body, query, headers, id: pathId });

/** Whether an answer gives away anything a visitor must not see. */
const leaks = (text: string) => LEAKS.filter((needle) => text.includes(needle));

type Finding = { route: string; status: number; leaks: string[]; wroteOnRefusal: boolean };

const send = async (
  method: string,
  path: string,
  input: { body: any; query: Record<string, string>; headers: Record<string, string>; id: string | null },
) => {
  const filled = path
    .replace(/:[a-zA-Z]+/g, encodeURIComponent((input.id ?? programId).toWellFormed()))
    .replace("*", "zz");
  const search = new URLSearchParams(input.query).toString();
  const init: RequestInit = { method, headers: { origin: app.url, cookie: client.cookie, ...input.headers } };
  if (method !== "GET" && method !== "HEAD") {
    const body = input.body as { kind: string; text?: string; bytes?: Uint8Array<ArrayBuffer> };
    if (body.kind === "photo")
      init.body = photoForm(body.bytes as Uint8Array<ArrayBuffer>, "random.jpg", "image/jpeg");
    else {
      init.body = body.text;
      (init.headers as Record<string, string>)["content-type"] ??=
        body.kind === "json" ? "application/json" : "text/plain";
    }
  }
  const response = await fetch(`${app.url}${filled}${search ? `?${search}` : ""}`, init);
  return { status: response.status, text: await response.text() };
};

test("every route, random input: never a 500, nothing leaked, nothing written when refused", async () => {
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let requests = 0;
  for (const route of app.api.routes) {
    const methods = route.method === "ALL" ? ["GET", "POST"] : [route.method];
    // Printing a real PDF takes seconds: the print routes get random ids, so they stop at the owner check.
    const printing = route.path.includes("pdf");
    for (const method of methods) {
      await fc.assert(
        fc.asyncProperty(requestFor(rawBody), async (input) => {
          if (printing) input.id ??= "not-a-program";
          const before = await snapshotData(app.db, app.dataDir);
          const res = await send(method, route.path, input);
          requests++;
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          const wroteOnRefusal = res.status >= 400 && (await snapshotData(app.db, app.dataDir)) !== before;
          const found = {
            route: `${method} ${route.path}`,
            status: res.status,
            // The API viewer's script is a published library, full of words like "TypeError".
            leaks: route.path.startsWith("/api/docs/") ? [] : leaks(res.text),
            wroteOnRefusal,
          };
          const bad = !notACrash(found.status) || found.leaks.length > 0 || wroteOnRefusal;
          if (bad) findings.push(found);
          return !bad;
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    }
    // The session may have been signed out by a fuzzed /logout: sign in afresh for the next route.
    if ((await client.get("/api/auth/user")).status !== 200) await client.signUp();
  }
  const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`);
  console.log(
    `fuzz: ${requests} random requests over ${app.api.routes.length} routes (${byStatus.join(", ")}); findings: ${findings.length}`,
  );
  expect(findings).toEqual([]);
  expect(requests).toBeGreaterThan(app.api.routes.length * RUNS_PER_ROUTE);
}, 300_000);

/** A real PNG of width x height 1-bit black pixels: a few hundred KB that decode to gigabytes. */
const pngBomb = (width: number, height: number) => {
  const chunk = (type: string, data: Uint8Array) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const framed = Buffer.alloc(body.length + 8);
    framed.writeUInt32BE(data.length, 0);
    body.copy(framed, 4);
    framed.writeUInt32BE(Bun.hash.crc32(body), body.length + 4);
    return framed;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  // Each row: filter byte 0 and width/8 zero bytes, all zeros: deflate packs them ~1000:1.
  const pixels = deflateSync(new Uint8Array(height * (1 + Math.ceil(width / 8))), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", new Uint8Array()),
  ]);
};

test("a decompression bomb (a 30000x30000 PNG of a few hundred KB) is refused before it is decoded", async () => {
  const bomb = pngBomb(30000, 30000);
  expect(bomb.byteLength).toBeLessThan(1024 * 1024);
  // A fresh account: the fuzzing above may have used up the first one's hourly uploads.
  const uploader = app.client();
  await uploader.signUp();
  const before = await snapshotData(app.db, app.dataDir);
  const res = await uploader.post("/api/photos", photoForm(new Uint8Array(bomb), "bomb.png", "image/png"));
  expect(res.status).toBe(413);
  expect(res.json.message).toContain("too large in pixels");
  expect(await snapshotData(app.db, app.dataDir)).toBe(before);
}, 60_000);
