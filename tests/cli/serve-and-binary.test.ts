// `memorial serve` from the repo and from the compiled single executable, which must carry the
// SPA, the SQL migrations and sharp's native library inside itself (it runs from an empty folder).

import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { sampleProgram } from "../../src/shared/sample-program";
import { expectApiReferenceRenders } from "../support/api-reference";
import { launchBrowser } from "../support/browser";
import { expectBuiltAppPrints } from "../support/built-app-prints";
import { expectServedApp } from "../support/served-app";
import { makeTempDir } from "../support/test-app";
import { photoForm, pngImage } from "../support/test-images";
import { REPO } from "./run-cli";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = makeTempDir("keepsake-serve-");
  dirs.push(dir);
  return dir;
};

/** Starts `serve` on a free port, checks the API and the SPA answer, then stops it. */
const checkServe = async (command: string[], cwd: string, { prints = false, apiReference = false } = {}) => {
  const proc = Bun.spawn([...command, "serve", "--port", "0", "--host", "127.0.0.1"], {
    cwd,
    env: { ...process.env, MEMORIAL_DATA_DIR: join(cwd, "data"), XDG_CACHE_HOME: join(cwd, "cache") },
    stdout: "pipe",
    stderr: "inherit",
  });
  try {
    const reader = proc.stdout.getReader();
    const { value } = await reader.read();
    const line = new TextDecoder().decode(value);
    const url = line.match(/http:\/\/localhost:(\d+)/)?.[0];
    expect(url).toBeDefined();
    const cookie = await expectServedApp(url as string, ["/batch-generator"]);
    // A photo upload runs sharp's native library: inside the binary it is loaded from a cache copy.
    const upload = await fetch(`${url}/api/photos`, {
      method: "POST",
      headers: { cookie, origin: url as string },
      body: photoForm(await pngImage(300, 200), "photo.png", "image/png"),
    });
    expect(upload.status).toBe(201);
    if (prints) await expectBuiltAppPrints(url as string, cookie);
    // The reference viewer's script is a file the binary carries inside itself.
    if (apiReference) {
      const browser = await launchBrowser();
      try {
        await expectApiReferenceRenders(await browser.newPage(), url as string);
      } finally {
        await browser.close();
      }
    }
  } finally {
    proc.kill("SIGTERM");
    await proc.exited;
  }
};

test("memorial serve runs the app and API from the repo", async () => {
  await checkServe(["bun", join(REPO, "src/cli/main.ts")], tempDir());
}, 30_000);

test("the compiled binary migrates and serves from an empty folder", async () => {
  const dir = tempDir();
  const binary = join(dir, "memorial");
  const build = Bun.spawnSync(["bun", "scripts/build-binary.ts", binary], { cwd: REPO, stderr: "pipe" });
  expect(build.exitCode).toBe(0);

  const migrate = Bun.spawnSync([binary, "db", "migrate"], {
    cwd: dir,
    env: { ...process.env, MEMORIAL_DATA_DIR: join(dir, "data"), XDG_CACHE_HOME: join(dir, "cache") },
  });
  expect(migrate.exitCode).toBe(0);
  expect(migrate.stdout.toString()).toContain("migration");
  await checkServe([binary], dir, { prints: true, apiReference: true });

  // The binary carries the booklet's fonts: it prints a PDF with them embedded, away from the repo.
  const programFile = join(dir, "program.json");
  await Bun.write(programFile, JSON.stringify({ ...sampleProgram(), fullName: "Łukasz Dvořák" }));
  const pdf = Bun.spawnSync([binary, "pdf", programFile, "--out", join(dir, "program.pdf")], {
    cwd: dir,
    env: { ...process.env, MEMORIAL_DATA_DIR: join(dir, "data"), XDG_CACHE_HOME: join(dir, "cache") },
    stderr: "pipe",
  });
  expect(pdf.stderr.toString()).toBe("");
  expect(pdf.exitCode).toBe(0);
  const fonts = Bun.spawnSync(["pdffonts", join(dir, "program.pdf")]).stdout.toString();
  expect(fonts).toContain("Gelasio");
  expect(fonts).not.toContain("Type 3");
}, 180_000);
