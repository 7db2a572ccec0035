// The grammar checker (harper.js's WebAssembly) and the case-file reader run in Bun Workers: each
// worker's script and the WebAssembly must be found in the bundle `bun run build` makes (run as
// `bun main.js` inside dist/app, as `bun run start` does) and inside the compiled binary run from
// an empty folder.
import { afterAll, expect, test } from "bun:test";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import { REPO } from "../cli/run-cli";
import { expectServedApp } from "../support/served-app";
import { makeTempDir } from "../support/test-app";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = makeTempDir("keepsake-writing-built-");
  dirs.push(dir);
  return dir;
};

const MISTAKES = "Their is no one who didnt feel welcome in her kitchen.";
const CORRECTED = "There is no one who didn't feel welcome in her kitchen.";

/**
 * Starts a built server on a free port, signs up, checks grammar and previews a case import
 * through it, then stops it.
 */
const useWorkersThrough = async (command: string[], cwd: string) => {
  const dataDir = tempDir();
  const proc = Bun.spawn(command, {
    cwd,
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      MEMORIAL_DATA_DIR: dataDir,
      XDG_CACHE_HOME: dataDir,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  try {
    const { value } = await proc.stdout.getReader().read();
    const url = new TextDecoder().decode(value).match(/http:\/\/localhost:\d+/)?.[0];
    expect(url).toBeDefined();
    const cookie = await expectServedApp(url as string, ["/"]);
    const res = await fetch(`${url}/api/writing/check-grammar`, {
      method: "POST",
      headers: { cookie, origin: url as string, "content-type": "application/json" },
      body: JSON.stringify({ text: MISTAKES }),
    });
    const answer = await res.json();
    expect({ status: res.status, text: answer.improvedText, mode: answer.mode }).toEqual({
      status: 200,
      text: CORRECTED,
      mode: "offline",
    });
    // The rules that re-check their own output use the same worker.
    const enhanced = await fetch(`${url}/api/writing/enhance`, {
      method: "POST",
      headers: { cookie, origin: url as string, "content-type": "application/json" },
      body: JSON.stringify({ text: "Dad liked fishing. He was nice.", context: "" }),
    });
    expect((await enhanced.json()).improvedText).toBe("Dad enjoyed fishing, and he was kind.");
    const preview = await fetch(`${url}/api/integration/import/preview`, {
      method: "POST",
      headers: { cookie, origin: url as string, "content-type": "application/json" },
      body: JSON.stringify({
        fileName: "cases.csv",
        content: "Full Name,Date of Birth\nAda Lovelace,12/10/1815",
      }),
    });
    const previewed = await preview.json();
    expect({ status: preview.status, mapping: previewed.mapping }).toEqual({
      status: 200,
      mapping: { "Full Name": "fullName", "Date of Birth": "birthDate" },
    });
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
};

test("bun run build: the bundle's server uses the workers beside main.js", async () => {
  const build = Bun.spawnSync(["bun", "scripts/build.ts"], { cwd: REPO, stderr: "pipe" });
  expect(build.stderr.toString()).toBe("");
  expect(build.exitCode).toBe(0);
  const app = join(REPO, "dist/app");
  expect(existsSync(join(app, "harper-worker.js"))).toBe(true);
  expect(existsSync(join(app, "case-file-worker.js"))).toBe(true);
  await useWorkersThrough(["bun", "main.js"], app);
}, 120_000);

test("the compiled binary uses its embedded workers, from an empty folder", async () => {
  const dir = tempDir();
  const binary = join(dir, "memorial");
  const build = Bun.spawnSync(["bun", "scripts/build-binary.ts", binary], { cwd: REPO, stderr: "pipe" });
  expect(build.exitCode).toBe(0);
  await useWorkersThrough([binary, "serve", "--port", "0", "--host", "127.0.0.1"], dir);
}, 180_000);
