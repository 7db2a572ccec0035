import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { expectServedApp } from "../support/served-app";
import { makeTempDir } from "../support/test-app";

// The README's first command on a fresh data dir: it must build, migrate and serve the SPA.
const dataDir = makeTempDir("keepsake-start-");
const port = 20000 + Math.floor(Math.random() * 20000);
const proc = Bun.spawn(["bun", "run", "start"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", MEMORIAL_DATA_DIR: dataDir },
  stdout: "pipe",
  stderr: "pipe",
});

afterAll(async () => {
  proc.kill("SIGTERM");
  await proc.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

const waitForHealth = async (url: string, attempts = 240) => {
  for (let i = 0; i < attempts; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {
      // not listening yet
    }
    await Bun.sleep(250);
  }
  throw new Error(`the server never answered ${url}`);
};

test(
  "bun run start builds the app, migrates a fresh database and serves the SPA at / and /programs",
  async () => {
    const base = `http://127.0.0.1:${port}`;
    await waitForHealth(`${base}/api/health`);
    await expectServedApp(base, ["/", "/programs"]);
    expect(await Bun.file(`${dataDir}/keepsake.sqlite`).exists()).toBe(true);
  },
  { timeout: 120_000 },
);
