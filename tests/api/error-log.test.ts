// What the server logs of its own failures: a request anybody can repeat must not fill the log.
import { expect, test } from "bun:test";
import { throttledErrorLog } from "../../src/server/http/error-handler";

const setUp = () => {
  const lines: string[] = [];
  let clock = 0;
  const log = throttledErrorLog(
    (line) => lines.push(line),
    { perMinute: 3, maxChars: 200 },
    () => clock,
  );
  return { lines, log, advance: (ms: number) => (clock += ms) };
};

const bigError = () => {
  const error = new TypeError("cannot spread a function");
  error.stack = `TypeError: cannot spread a function\n${"    at somewhere (file.ts:1:1)\n".repeat(150)}`;
  return error;
};

test("each logged error is cut to its limit, saying how long it was", () => {
  const { lines, log } = setUp();
  const error = bigError();
  log("Unexpected error", error);
  expect(lines).toHaveLength(1);
  expect(lines[0]?.startsWith("Unexpected error: TypeError: cannot spread a function")).toBe(true);
  expect(lines[0]?.length).toBeLessThan(260);
  expect(lines[0]).toContain(`(${"Unexpected error: ".length + (error.stack?.length ?? 0)} characters)`);
});

test("past the limit in a minute errors are only counted; the next minute's first says how many", () => {
  const { lines, log, advance } = setUp();
  for (let i = 0; i < 50; i++) log("Unexpected error", bigError());
  expect(lines).toHaveLength(3);
  advance(59_000);
  log("Unexpected error", bigError());
  expect(lines).toHaveLength(3);
  advance(1_000);
  log("Unexpected error", new Error("later"));
  expect(lines).toHaveLength(4);
  expect(lines[3]).toContain("Error: later");
  expect(lines[3]).toContain("48 more errors were not logged");
  log("Unexpected error", new Error("again"));
  expect(lines[4]).not.toContain("more errors");
});

test("what is not an Error is logged as text", () => {
  const { lines, log } = setUp();
  log("Storage unavailable (full, ENOSPC)", "ENOSPC: no space left on device");
  expect(lines).toEqual(["Storage unavailable (full, ENOSPC): ENOSPC: no space left on device"]);
});
