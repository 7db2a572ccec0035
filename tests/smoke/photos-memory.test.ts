// Memory around large photo uploads: photos are decoded a bounded number at a time, sharp keeps no
// cache, and once uploads stop the server hands what they took back to the system.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import sharp from "sharp";
import { PHOTOS_AT_ONCE, photoTurns } from "../../src/server/photos/photo-memory";
import { processPhoto } from "../../src/server/photos/process-photo";
import { type ServerProcess, startServerProcess } from "../support/server-process";
import { makeTempDir, signedInCookie } from "../support/test-app";
import { detailedJpeg, largePhoneJpeg, photoForm, withJpegComment } from "../support/test-images";
import { waitFor } from "../support/wait-for";

/** Work that finishes when the test says so. */
const heldWork = () => {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { finish, done };
};

describe("photoTurns", () => {
  test("runs at most its bound at once and releases memory once, after the last photo, when idle", async () => {
    let released = 0;
    const inTurn = photoTurns({ atOnce: 2, idleMs: 50, release: () => released++ });
    let running = 0;
    let mostAtOnce = 0;
    const works = Array.from({ length: 5 }, heldWork);
    const results = works.map((work, i) =>
      inTurn(async () => {
        running++;
        mostAtOnce = Math.max(mostAtOnce, running);
        await work.done;
        running--;
        return i;
      }),
    );
    await Bun.sleep(10);
    expect(running).toBe(2);
    for (const work of works) {
      work.finish();
      await Bun.sleep(5);
    }
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(mostAtOnce).toBe(2);
    // Not while photos were being processed, and not before the idle time has passed.
    expect(released).toBe(0);
    await waitFor(() => released === 1, "the release after the burst");
    await Bun.sleep(100);
    expect(released).toBe(1);
  });

  test("a photo arriving before the idle time postpones the release; a failed one still counts", async () => {
    let released = 0;
    const inTurn = photoTurns({ atOnce: 1, idleMs: 80, release: () => released++ });
    await inTurn(async () => {});
    await Bun.sleep(40);
    await expect(
      inTurn(async () => {
        throw new Error("damaged");
      }),
    ).rejects.toThrow("damaged");
    await Bun.sleep(50);
    expect(released).toBe(0);
    await waitFor(() => released === 1, "the release after the last photo");
  });

  test("sharp keeps no operation cache and uses at most 2 threads per photo", async () => {
    await processPhoto(await detailedJpeg(640, 480));
    const cache = sharp.cache();
    expect({ memory: cache.memory.max, items: cache.items.max, files: cache.files.max }).toEqual({
      memory: 0,
      items: 0,
      files: 0,
    });
    expect(sharp.concurrency()).toBeLessThanOrEqual(2);
    expect(PHOTOS_AT_ONCE).toBe(2);
  });
});

describe("the server process after a burst of 48 MP uploads", () => {
  let dataDir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dataDir = makeTempDir("keepsake-photo-memory-");
    server = await startServerProcess({ dataDir });
  });
  afterAll(async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test("gives the memory back: RSS returns near where it was within 20 s of idle", async () => {
    const cookie = await signedInCookie(server.base);
    // Four different 48 MP photos, two at a time, as two tabs adding a folder each would.
    const large = await largePhoneJpeg();
    const photos = [1, 2, 3, 4].map((n) => withJpegComment(large, `photo ${n}`));
    const before = server.rssMb();
    for (let i = 0; i < photos.length; i += 2) {
      const answers = await Promise.all(
        photos.slice(i, i + 2).map((photo) =>
          fetch(`${server.base}/api/photos`, {
            method: "POST",
            headers: { cookie, origin: server.base },
            body: photoForm(photo),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    }
    const afterBurst = server.rssMb();
    // Without the release the server kept ~250 MB more than before; with it, well under 100.
    const settled = await waitFor(
      () => server.rssMb() < before + 100 && server.rssMb(),
      `RSS under ${Math.round(before + 100)} MB (was ${Math.round(afterBurst)} MB right after the uploads)`,
      20_000,
    );
    expect(settled).toBeLessThan(before + 100);
  }, 90_000);
});
