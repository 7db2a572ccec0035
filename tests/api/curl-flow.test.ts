import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { PDFDocument } from "pdf-lib";
import { CURL_FLOW_STEPS, curlFlowScript } from "../../src/shared/integration-flow";
import { makeTempDir, startTestApp, type TestApp } from "../support/test-app";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

test("docs/integration.md carries the curl flow word for word", () => {
  const readme = readFileSync(join(import.meta.dir, "../../docs/integration.md"), "utf8");
  expect(readme).toContain(`\`\`\`sh\n${curlFlowScript()}\n\`\`\``);
});

test("the curl flow signs in, creates a key, posts a batch and fetches the combined PDF", async () => {
  const account = await app.client().signUp();
  const dir = makeTempDir("keepsake-curl-");
  try {
    const run = Bun.spawn(
      ["bash", "-euo", "pipefail", "-c", CURL_FLOW_STEPS.map((s) => s.command).join("\n")],
      {
        cwd: dir,
        env: {
          PATH: process.env.PATH ?? "/usr/bin:/bin",
          KEEPSAKE_URL: app.url,
          KEEPSAKE_EMAIL: account.email,
          KEEPSAKE_PASSWORD: account.password,
        },
        stdout: "pipe",
        stderr: "pipe",
      },
    );
    const exitCode = await run.exited;
    expect({ exitCode, stderr: await new Response(run.stderr).text() }).toEqual({ exitCode: 0, stderr: "" });
    const pdfPath = join(dir, "programs.pdf");
    expect(existsSync(pdfPath)).toBe(true);
    const pdf = await PDFDocument.load(readFileSync(pdfPath));
    // Two programs of eight pages each, in one file.
    expect(pdf.getPageCount()).toBe(16);
    const client = app.client();
    await client.post("/api/login", { email: account.email, password: account.password });
    const keys = (await client.get("/api/integration/keys")).json;
    expect(keys).toHaveLength(1);
    expect(keys[0].lastUsedAt).not.toBeNull();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 90_000);
