import { afterEach, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { CHROMIUM_MISSING_MESSAGE } from "../../src/print/find-chromium";
import { expectBuiltAppPrints } from "../support/built-app-prints";
import { expectServedApp } from "../support/served-app";
import { makeTempDir } from "../support/test-app";

// The README's first command, from the repository root, with the data directory somewhere else.
// Each test starts its own `bun run start` (which rebuilds dist/app) and stops it before the next.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const startCommand = async (env: Record<string, string> = {}) => {
  const dataDir = makeTempDir("keepsake-start-");
  const port = 20000 + Math.floor(Math.random() * 20000);
  const proc = Bun.spawn(["bun", "run", "start"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", MEMORIAL_DATA_DIR: dataDir, ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const output = Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  cleanups.push(async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    rmSync(dataDir, { recursive: true, force: true });
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/api/health`);
  /** Everything the server printed, once it has stopped. */
  const stop = async () => {
    proc.kill("SIGTERM");
    await proc.exited;
    return (await output).join("\n");
  };
  return { base, dataDir, stop };
};

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
  "bun run start builds the app, migrates a fresh database, serves the SPA and prints every PDF with photos and fonts",
  async () => {
    const { base, dataDir } = await startCommand();
    const cookie = await expectServedApp(base, ["/", "/programs"]);
    expect(await Bun.file(`${dataDir}/keepsake.sqlite`).exists()).toBe(true);
    await expectBuiltAppPrints(base, cookie);
  },
  { timeout: 180_000 },
);

test(
  "without Chromium, bun run start still serves, says once what to install, and PDFs answer 503 with that sentence",
  async () => {
    const { base, stop } = await startCommand({ CHROMIUM_PATH: "/nonexistent/chromium" });
    const cookie = await expectServedApp(base, ["/"]);
    const created = await fetch(`${base}/api/programs`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ fullName: "Eleanor Whitfield" }),
    });
    const { id } = (await created.json()) as { id: string };
    for (const path of [`/api/programs/${id}/pdf`, `/api/programs/batch/pdf?ids=${id}`]) {
      const pdf = await fetch(base + path, { headers: { cookie } });
      expect(pdf.status).toBe(503);
      expect(((await pdf.json()) as { message: string }).message).toBe(CHROMIUM_MISSING_MESSAGE);
    }
    const printed = await stop();
    expect(printed.split(CHROMIUM_MISSING_MESSAGE)).toHaveLength(2);
  },
  { timeout: 120_000 },
);
