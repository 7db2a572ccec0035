// A full disk and a read-only data directory: a clear message at start-up or per request, the
// server keeps serving what it can, and nothing crashes. Needs root to mount small tmpfs disks;
// without root the tests are skipped.
import { afterEach, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sampleProgram } from "../../src/shared/sample-program";
import { startServerProcess } from "../support/server-process";
import { makeTempDir, TestClient } from "../support/test-app";
import { detailedJpeg, photoForm } from "../support/test-images";

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const run = (...command: string[]) => Bun.spawnSync(command, { stderr: "pipe" }).exitCode === 0;

const canMount = (() => {
  if (process.getuid?.() !== 0) return false;
  const probe = makeTempDir("keepsake-mount-probe-");
  const ok = run("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", probe);
  if (ok) run("umount", probe);
  rmSync(probe, { recursive: true, force: true });
  return ok;
})();

/** A tmpfs of `size` mounted on a fresh directory, unmounted after the test. */
const smallDisk = (size: string) => {
  const dir = makeTempDir("keepsake-disk-");
  if (!run("mount", "-t", "tmpfs", "-o", `size=${size}`, "tmpfs", dir)) throw new Error("mount failed");
  cleanups.push(() => {
    run("umount", "-l", dir);
    rmSync(dir, { recursive: true, force: true });
  });
  return dir;
};

test.skipIf(!canMount)(
  "a read-only data directory stops start-up with one clear line, not a stack trace",
  async () => {
    const disk = smallDisk("8m");
    // Once with a database in it, once empty: both are refused the same way.
    const withData = join(disk, "with-data");
    const first = await startServerProcess({ dataDir: withData });
    await first.stop();
    mkdirSync(join(disk, "empty"));
    expect(run("mount", "-o", "remount,ro", disk)).toBe(true);
    for (const dataDir of [withData, join(disk, "empty")]) {
      const start = startServerProcess({ dataDir });
      await expect(start).rejects.toThrow(/Keepsake cannot start: .* cannot be written \(EROFS\)/);
      const attempt = Bun.spawnSync(["bun", "src/server/main.ts"], {
        env: { ...process.env, PORT: "0", HOST: "127.0.0.1", MEMORIAL_DATA_DIR: dataDir },
        stderr: "pipe",
      });
      // A distinct exit status a supervisor can be told not to restart on.
      expect(attempt.exitCode).toBe(78);
      const said = attempt.stderr.toString();
      expect(said).toContain("make it writable");
      expect(said).not.toContain("    at ");
    }
  },
  60_000,
);

test.skipIf(!canMount)(
  "a full disk: saves and uploads get 503 with a clear message, reads keep working, and it recovers",
  async () => {
    const disk = smallDisk("6m");
    const dataDir = join(disk, "data");
    const server = await startServerProcess({ dataDir });
    cleanups.push(() => server.stop().catch(() => undefined));
    const client = new TestClient(server.base);
    await client.signUp();
    const saved = await client.post("/api/programs", sampleProgram());
    expect(saved.status).toBe(201);

    // Fill what is left of the disk.
    const filler = join(disk, "filler");
    try {
      writeFileSync(filler, new Uint8Array(8 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is now full, as intended
    }
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(
        await client.post("/api/programs", { ...sampleProgram(), lifeReflections: "x".repeat(15000) }),
      );
      answers.push(await client.post("/api/photos", photoForm(await detailedJpeg(1200, 900), `p${i}.jpg`)));
    }
    for (const answer of answers) {
      expect(answer.status === 503 || answer.status === 201).toBe(true);
      if (answer.status === 503) {
        expect(answer.json.code).toBe("STORAGE_UNAVAILABLE");
        expect(answer.json.message).toContain("Nothing was changed");
      }
    }
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(0);
    // Still serving: health, the list, the saved program.
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    expect((await client.get(`/api/programs/${saved.json.id}`)).status).toBe(200);

    // Space freed: saving works again without a restart.
    rmSync(filler, { force: true });
    expect((await client.post("/api/programs", sampleProgram())).status).toBe(201);
    expect(
      (await client.post("/api/photos", photoForm(await detailedJpeg(400, 300), "late.jpg"))).status,
    ).toBe(201);
  },
  120_000,
);
