// One account cannot swamp the print engine: a full queue is a 503 with Retry-After, each user has
// caps on running PDF, batch and CMYK jobs, and a client that hangs up takes its job with it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { ChromiumPrinter } from "../../src/print/chromium-printer";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app";
import { waitFor } from "../support/wait-for";

// One slot, held by the test, so every request waits in the queue where the rules apply.
const printer = new ChromiumPrinter({ concurrency: 1, maxQueue: 6 });
let releaseSlot = () => {};
let slotHeld: Promise<void> = Promise.resolve();
let app: TestApp;
let owner: TestClient;
let ids: string[] = [];

beforeAll(async () => {
  app = await startTestApp({ printer });
  owner = app.client();
  await owner.signUp();
  const created = await owner.post("/api/programs/batch", [
    { fullName: "Eleanor Whitfield" },
    { fullName: "José Núñez" },
  ]);
  ids = created.json.map((p: { id: string }) => p.id);
  slotHeld = printer.reserve(() => new Promise<void>((resolve) => (releaseSlot = resolve)));
});
afterAll(async () => {
  releaseSlot();
  await slotHeld;
  await app.stop();
  await printer.close();
});

const openRequests: AbortController[] = [];
/** Starts a request that stays in the queue; the test hangs it up later. */
const hangingGet = (client: TestClient, path: string) => {
  const stop = new AbortController();
  openRequests.push(stop);
  fetch(app.url + path, { headers: { cookie: client.cookie }, signal: stop.signal }).catch(() => undefined);
};
/** Resolves once the print queue holds `length` PDFs; throws, naming it, if it never does. */
const waitForQueue = (length: number) =>
  waitFor(() => printer.queued === length, `a print queue of ${length}`);
const hangUpAll = async () => {
  for (const stop of openRequests.splice(0)) stop.abort();
  return waitForQueue(0);
};

test("a user's third PDF at once is a 429 with Retry-After; hanging up frees the queue", async () => {
  hangingGet(owner, `/api/programs/${ids[0]}/pdf`);
  hangingGet(owner, `/api/programs/${ids[1]}/pdf`);
  await waitForQueue(2);
  const third = await owner.get(`/api/programs/${ids[0]}/pdf?variant=pages`);
  expect(third.status).toBe(429);
  expect(third.headers.get("retry-after")).toBeTruthy();
  expect(third.json.message).toContain("other PDFs");
  await hangUpAll();
});

test("one batch download at a time per user: 10 parallel combined requests run one", async () => {
  const query = `/api/programs/batch/pdf?combine=1&ids=${ids.join(",")}`;
  hangingGet(owner, query);
  await waitForQueue(2);
  const others = await Promise.all(Array.from({ length: 9 }, () => owner.get(query)));
  expect(others.map((r) => r.status)).toEqual(Array(9).fill(429));
  await hangUpAll();
});

test("a full print queue is a 503 with Retry-After for everyone", async () => {
  const clients = await Promise.all(
    Array.from({ length: 3 }, async () => {
      const client = app.client();
      await client.signUp();
      const program = await client.post("/api/programs", { fullName: "Ruth Okafor" });
      return { client, id: program.json.id as string };
    }),
  );
  for (const { client, id } of clients) {
    hangingGet(client, `/api/programs/${id}/pdf`);
    hangingGet(client, `/api/programs/${id}/pdf?variant=pages`);
  }
  await waitForQueue(6);
  const refused = await owner.get(`/api/programs/${ids[0]}/pdf`);
  expect(refused.status).toBe(503);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(refused.json.message).toContain("try again");
  await hangUpAll();
});

// Last: CMYK jobs run in the background and stay queued until the slot is released at the end.
test("a user's third CMYK PDF in preparation at once is a 429", async () => {
  const client = app.client();
  await client.signUp();
  const created = await client.post("/api/programs/batch", [
    { fullName: "Ruth Okafor" },
    { fullName: "Ana Lee" },
    { fullName: "Walter Pennington" },
  ]);
  const [a, b, c] = created.json.map((p: { id: string }) => p.id);
  expect((await client.get(`/api/programs/${a}/pdf?cmyk=1`)).status).toBe(202);
  expect((await client.get(`/api/programs/${b}/pdf?cmyk=1`)).status).toBe(202);
  // Polling a job already preparing is not a new job.
  expect((await client.get(`/api/programs/${a}/pdf?cmyk=1`)).status).toBe(202);
  const third = await client.get(`/api/programs/${c}/pdf?cmyk=1`);
  expect(third.status).toBe(429);
  expect(third.json.message).toContain("other CMYK PDFs");
});
