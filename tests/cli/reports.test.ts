import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestApp, type TestApp } from "../support/test-app";
import { runCli } from "./run-cli";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.stop());

/** The CLI reads the test app's database: its SQLite file, or its PostgreSQL database. */
const cliEnv = () => ({
  MEMORIAL_DATA_DIR: app.dataDir,
  ...(app.config.DATABASE_URL ? { DATABASE_URL: app.config.DATABASE_URL } : {}),
});

test("memorial reports lists stored error reports, newest first, without their secrets", async () => {
  const empty = await runCli(["reports"], { env: cliEnv() });
  expect(empty.stdout).toContain("No error reports.");
  const client = app.client();
  await client.post("/api/chatbot/error-report", {
    error: "TypeError: Failed to fetch (token=abcdef123)",
    stack: "at load (app.js:3:9)",
    context: { currentPage: "/programs", type: "fetch-exception" },
    autoReport: true,
  });
  const res = await runCli(["reports", "--stack"], { env: cliEnv() });
  expect(res.exitCode).toBe(0);
  expect(res.stdout).toContain("network_error  fetch-exception  /programs  (anonymous)");
  expect(res.stdout).toContain("TypeError: Failed to fetch (token=[redacted])");
  expect(res.stdout).toContain("at load (app.js:3:9)");
  expect(res.stdout).not.toContain("abcdef123");
  const json = await runCli(["reports", "--json"], { env: cliEnv() });
  expect(JSON.parse(json.stdout)[0]).toMatchObject({ page: "/programs", count: 1 });
  const bad = await runCli(["reports", "--limit", "0"], { env: cliEnv() });
  expect(bad.exitCode).not.toBe(0);
});
