// What went wrong inside the print engine (file paths, Ghostscript's output) goes to the log; the
// client gets a plain sentence. A missing Chromium is the operator's to fix: the answer names what to
// install, the same sentence the server printed at start-up.
import { afterEach, expect, test } from "bun:test";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { CHROMIUM_MISSING_MESSAGE } from "../../src/print/find-chromium";
import { startTestApp, type TestApp } from "../support/test-app";

let app: TestApp | undefined;
afterEach(async () => {
  await app?.stop();
  app = undefined;
});

const INTERNALS = /\/|\\|gs\b|ghostscript failed|ENOENT|apt-get|CHROMIUM_PATH|spawn/i;

test("a failed CMYK conversion answers a plain 503 without paths or tool output", async () => {
  app = await startTestApp({ ghostscriptPath: "/nonexistent/keepsake-test/gs" });
  const client = app.client();
  await client.signUp();
  const { json: program } = await client.post("/api/programs", { fullName: "Ana Lee" });
  let answer = await client.get(`/api/programs/${program.id}/pdf?cmyk=1&variant=pages`);
  for (let i = 0; i < 60 && answer.status === 202; i++) {
    await Bun.sleep(250);
    answer = await client.get(`/api/programs/${program.id}/pdf?cmyk=1&variant=pages`);
  }
  expect(answer.status).toBe(503);
  expect(answer.json.message).toBe(
    "The CMYK PDF could not be made. Please try again, or download the standard PDF, which most printers accept.",
  );
  expect(answer.text).not.toMatch(INTERNALS);
}, 30_000);

test("a missing Chromium answers 503 naming what to install, and nothing else", async () => {
  const printer = new ChromiumPrinter({ executablePath: undefined });
  app = await startTestApp({ printer });
  const client = app.client();
  await client.signUp();
  const { json: program } = await client.post("/api/programs", { fullName: "Ana Lee" });
  const answer = await client.get(`/api/programs/${program.id}/pdf`);
  expect(answer.status).toBe(503);
  expect(answer.json).toEqual({ message: CHROMIUM_MISSING_MESSAGE, code: "SERVICE_UNAVAILABLE" });
  await printer.close();
});
