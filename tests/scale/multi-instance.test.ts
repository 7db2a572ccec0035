// Several machines' worth of Keepsake on one: two web servers (the built bundle and the source) and
// two print workers (the repo's CLI and the compiled binary) on one PostgreSQL database and one
// S3-compatible bucket. Any server answers any request, and a batch survives a worker killed with
// SIGKILL halfway through.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { REPO } from "../cli/run-cli";
import { fixtureProgram } from "../print/support/fixture-programs";
import { fetchAs, followPrintJob, startWorker, type WorkerProcess } from "../print/support/workers";
import { startLocalS3 } from "../support/local-s3";
import { startPostgres } from "../support/postgres";
import { buildApp, type ServerProcess, startServerProcess } from "../support/server-process";
import { makeTempDir, TestClient } from "../support/test-app";
import { photoForm, pngImage } from "../support/test-images";
import { waitFor } from "../support/wait-for";

const pg = startPostgres();
const dirs: string[] = [];
let s3: Awaited<ReturnType<typeof startLocalS3>>;
let env: Record<string, string>;
let webA: ServerProcess;
let webB: ServerProcess;
const workers: WorkerProcess[] = [];

/** `memorial worker`, as an operator starts one on each print machine: from the repo or a binary. */
const startWorkerIn = async (name: string, command?: string[]) => {
  const dataDir = makeTempDir(`keepsake-${name}-`);
  dirs.push(dataDir);
  return startWorker({ ...env, MEMORIAL_DATA_DIR: dataDir }, { command, cwd: dataDir });
};

const webServer = (name: string, built: boolean) => {
  const dataDir = makeTempDir(`keepsake-${name}-`);
  dirs.push(dataDir);
  return startServerProcess({ dataDir, built, env });
};

beforeAll(async () => {
  s3 = await startLocalS3();
  env = {
    DATABASE_URL: await pg.createDatabase("keepsake_multi"),
    ...s3.env,
    // Every server must sign and read the same cookies.
    COOKIE_SECRET: "one secret shared by every web server",
    // A killed worker's job is handed to another after this many seconds without a heartbeat.
    PRINT_JOB_EXPIRE_SECONDS: "10",
  };
  await buildApp();
  // The compiled binary, run from a folder of its own: it must carry the fonts and the queue.
  const binDir = makeTempDir("keepsake-bin-");
  dirs.push(binDir);
  const binary = join(binDir, "memorial");
  const build = Bun.spawnSync(["bun", "scripts/build-binary.ts", binary], { cwd: REPO, stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build-binary failed: ${build.stderr}`);
  // Started one after the other: both would migrate, and the second must find nothing to do.
  webA = await webServer("web-a", true);
  webB = await webServer("web-b", false);
  // The first is killed mid-batch; the binary's worker then prints what it was printing.
  workers.push(await startWorkerIn("worker-1"), await startWorkerIn("worker-2", [binary]));
}, 120_000);

afterAll(async () => {
  for (const worker of workers) worker.kill("SIGTERM");
  await Promise.all(workers.map((w) => w.exited));
  await webA?.stop();
  await webB?.stop();
  await s3?.stop();
  pg.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Follows a print job's status address until it names the download, then downloads it. */
const downloadPrinted = async (client: TestClient, statusUrl: string, deadlineMs: number) => {
  const response = await fetchAs(client, (await followPrintJob(client, statusUrl, deadlineMs)).downloadUrl);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

/** Downloads `path` as the web app does: a 202 names the print job to follow. */
const download = async (client: TestClient, path: string) => {
  const response = await fetchAs(client, path);
  if (response.status === 202)
    return downloadPrinted(client, ((await response.json()) as { statusUrl: string }).statusUrl, 100_000);
  expect(response.status).toBe(200);
  return new Uint8Array(await response.arrayBuffer());
};

test("a session made on server A is signed in on server B", async () => {
  const onA = new TestClient(webA.base);
  const account = await onA.signUp();
  const onB = new TestClient(webB.base);
  onB.cookie = onA.cookie;
  const me = await onB.get("/api/auth/user");
  expect(me.status).toBe(200);
  expect(me.json.email).toBe(account.email.toLowerCase());
});

test("a photo uploaded through A is in the bucket and prints through B", async () => {
  const onA = new TestClient(webA.base);
  await onA.signUp();
  const upload = await onA.post("/api/photos", photoForm(await pngImage(1200, 1500), "mum.png", "image/png"));
  expect(upload.status).toBe(201);
  const program = await onA.post("/api/programs", {
    ...fixtureProgram("short"),
    mainPhotoUrl: upload.json.url,
  });
  expect(program.status).toBe(201);
  const listed = await s3.client.list({ prefix: "photos/" });
  expect(listed.contents?.length ?? 0).toBeGreaterThanOrEqual(2);

  const onB = new TestClient(webB.base);
  onB.cookie = onA.cookie;
  const pdf = await download(onB, `/api/programs/${program.json.id}/pdf`);
  const file = join(makeTempDir("keepsake-pdf-"), "program.pdf");
  dirs.push(join(file, ".."));
  await Bun.write(file, pdf);
  const images = Bun.spawnSync(["pdfimages", "-list", file]).stdout.toString();
  // Header lines, then one line per image: the uploaded photo was printed.
  expect(images.trim().split("\n").length).toBeGreaterThan(2);
}, 120_000);

test("a batch of 20 completes while a worker is killed with SIGKILL, every PDF present once", async () => {
  const client = new TestClient(webA.base);
  await client.signUp();
  const names = Array.from({ length: 20 }, (_, i) => `Person ${String(i + 1).padStart(2, "0")} Example`);
  const created = await client.post(
    "/api/programs/batch",
    names.map((fullName) => ({ ...fixtureProgram("short"), fullName, mainPhotoUrl: "" })),
  );
  expect(created.status).toBe(201);
  const ids = (created.json as { id: string }[]).map((p) => p.id);

  const onB = new TestClient(webB.base);
  onB.cookie = client.cookie;
  const queued = await onB.get(`/api/programs/batch/pdf?ids=${ids.join(",")}`);
  expect(queued.status).toBe(202);
  expect(queued.json.total).toBe(20);

  // Kill one worker as soon as the batch is under way (some done, most not).
  const victim = workers[0] as WorkerProcess;
  const underWay = await waitFor(
    async () => {
      const status = await onB.get(queued.json.statusUrl);
      expect(status.status).toBe(200);
      return status.json.done >= 2 && status.json;
    },
    "2 of the batch's PDFs printed",
    60_000,
  );
  expect(underWay.done).toBeLessThan(20);
  victim.kill("SIGKILL");
  await victim.exited;

  const zip = await downloadPrinted(onB, queued.json.statusUrl, 180_000);
  const files = unzipSync(zip);
  const listing = Object.keys(files);
  for (const pdf of Object.values(files)) expect(new TextDecoder().decode(pdf.slice(0, 5))).toBe("%PDF-");
  expect(listing).toHaveLength(20);
  expect(new Set(listing).size).toBe(20);
  for (const name of names) {
    const stem = name.replaceAll(" ", "-").toLowerCase();
    expect(listing.filter((entry) => entry === `${stem}.pdf`).length).toBe(1);
  }
  // The killed worker was printing: the queue handed its PDFs to the other worker.
  const queue = new Bun.SQL(env.DATABASE_URL as string);
  const [retried] = await queue`select count(*)::int as n from pgboss.job where retry_count > 0`;
  await queue.close();
  expect(retried.n).toBeGreaterThan(0);
}, 240_000);
