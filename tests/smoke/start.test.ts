import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
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
    const health = await waitForHealth(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true });
    for (const path of ["/", "/programs"]) {
      const page = await fetch(base + path);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<div id="root">');
      const script = html.match(/src="(\/[^"]+\.js)"/)?.[1];
      expect(script).toBeDefined();
      const js = await fetch(base + script);
      expect(js.status).toBe(200);
    }
    // The bundled API must behave as the source does: signed out is a 401, sign-up works.
    expect((await fetch(`${base}/api/auth/user`)).status).toBe(401);
    const register = await fetch(`${base}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        firstName: "Ada",
        lastName: "Lovelace",
        email: "ada@example.com",
        password: "correct horse",
      }),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect((await fetch(`${base}/api/auth/user`, { headers: { cookie } })).status).toBe(200);
    expect(await Bun.file(`${dataDir}/keepsake.sqlite`).exists()).toBe(true);
  },
  { timeout: 120_000 },
);
