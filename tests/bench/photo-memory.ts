// Server memory around a burst of large photo uploads: the real server process (from source)
// takes 20 uploads of 48 MP phone photos, 4 at a time, then sits idle for 60 s. Prints its
// resident memory (VmRSS) at start, at the peak and along the idle minute.
// Run: bun tests/bench/photo-memory.ts
import { rmSync } from "node:fs";
import { startServerProcess } from "../support/server-process";
import { makeTempDir } from "../support/test-app";
import { largePhoneJpeg, photoForm, withJpegComment } from "../support/test-images";

const UPLOADS = 20;
const IN_PARALLEL = 4;
const IDLE_SECONDS = 60;

// One 48 MP photo, made distinct per upload so the server processes each.
const base = await largePhoneJpeg();

const dataDir = makeTempDir("keepsake-bench-photo-memory-");
const server = await startServerProcess({ dataDir });
try {
  const mb = (value: number) => `${value.toFixed(0)} MB`;
  const register = await fetch(`${server.base}/api/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Bench",
      lastName: "Memory",
      email: "memory@example.com",
      password: "correct horse battery",
    }),
  });
  if (register.status !== 201)
    throw new Error(`sign-up answered ${register.status}: ${await register.text()}`);
  const cookie = register.headers.get("set-cookie")?.split(";")[0] ?? "";
  const atStart = server.rssMb();

  let peak = atStart;
  const sampler = setInterval(() => {
    peak = Math.max(peak, server.rssMb());
  }, 50);
  let next = 0;
  const statuses: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_PARALLEL }, async () => {
      while (next < UPLOADS) {
        const body = photoForm(withJpegComment(base, `upload ${next++}`));
        const answer = await fetch(`${server.base}/api/photos`, {
          method: "POST",
          headers: { cookie, origin: server.base },
          body,
        });
        statuses.push(answer.status);
        await answer.arrayBuffer();
      }
    }),
  );
  const burstSeconds = (performance.now() - started) / 1000;
  const afterBurst = server.rssMb();
  clearInterval(sampler);
  peak = Math.max(peak, afterBurst);

  const idle: string[] = [];
  for (let second = 1; second <= IDLE_SECONDS; second++) {
    await Bun.sleep(1000);
    if ([1, 5, 10, 15, 30, 45, 60].includes(second)) idle.push(`${second} s: ${mb(server.rssMb())}`);
  }
  const failed = statuses.filter((status) => status !== 201);
  console.log(
    `${UPLOADS} uploads of a 48 MP JPEG (${(base.length / 1024 / 1024).toFixed(1)} MB), ${IN_PARALLEL} at a time: ${burstSeconds.toFixed(1)} s, ${failed.length === 0 ? "all 201" : `not 201: ${failed.join(", ")}`}`,
  );
  console.log(`RSS at start ${mb(atStart)}, peak ${mb(peak)}, right after the burst ${mb(afterBurst)}`);
  console.log(`RSS while idle: ${idle.join(", ")}`);
  if (failed.length > 0) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
