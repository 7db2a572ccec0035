import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closeDatabase, openAppDatabase } from "../../db/client";
import type { AppDeps } from "../../src/server/app";
import { DEVICE_COOKIE } from "../../src/server/auth/sign-in-sources";
import { loadConfig } from "../../src/server/config";
import { startServer } from "../../src/server/serve";
import { startPostgres } from "./postgres";

export const makeTempDir = (prefix = "keepsake-test-") => mkdtempSync(join(tmpdir(), prefix));

export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** Which engine the API suite runs on: `bun run test` runs it on SQLite, then on PostgreSQL. */
export const testDatabaseEngine = process.env.KEEPSAKE_TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

let testCluster: ReturnType<typeof startPostgres> | undefined;
let databaseCount = 0;

/**
 * A fresh database in one cluster per test run (started on first use, stopped by the run's
 * teardown, tests/support/test-run-teardown.ts); none on SQLite.
 */
const testPostgresDatabase = async () => {
  if (testDatabaseEngine !== "postgres") return undefined;
  testCluster ??= startPostgres();
  return testCluster.createDatabase(`keepsake_test_${process.pid}_${++databaseCount}`);
};

/**
 * The real server (API and SPA) on a free loopback port with a fresh SQLite file, or, when the
 * suite runs with KEEPSAKE_TEST_DATABASE=postgres, a fresh database in a throwaway PostgreSQL cluster.
 */
export const startTestApp = async (
  options: {
    dataDir?: string;
    env?: Record<string, string>;
    authLimits?: AppDeps["authLimits"];
    printer?: AppDeps["printer"];
    photoLimits?: AppDeps["photoLimits"];
    ghostscriptPath?: string;
    chatLimits?: AppDeps["chatLimits"];
    apiKeyLimits?: AppDeps["apiKeyLimits"];
    webhookOptions?: AppDeps["webhookOptions"];
    /** Hand PDFs to print workers on this queue (PostgreSQL only). */
    printQueue?: AppDeps["printQueue"];
  } = {},
) => {
  const dataDir = options.dataDir ?? makeTempDir();
  const databaseUrl = options.env?.DATABASE_URL ?? (await testPostgresDatabase());
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    MEMORIAL_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, COOKIE_SECRET: "the test servers' shared secret" } : {}),
    ...options.env,
  });
  const db = await openAppDatabase({ dataDir, databaseUrl });
  const { server, api, stop } = startServer({
    config,
    db,
    authLimits: options.authLimits,
    printer: options.printer,
    photoLimits: options.photoLimits,
    ghostscriptPath: options.ghostscriptPath,
    chatLimits: options.chatLimits,
    apiKeyLimits: options.apiKeyLimits,
    webhookOptions: options.webhookOptions,
    printQueue: options.printQueue,
  });
  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    /** The Elysia app: its `routes` are every route the server registers. */
    api,
    db,
    dataDir,
    config,
    client: () => new TestClient(url),
    async stop({ keepData = false } = {}) {
      await stop(true);
      await closeDatabase(db);
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/** A test file's app and one family already signed up on it: `({ app, family } = await startWithFamily())`. */
export const startWithFamily = async (options: Parameters<typeof startTestApp>[0] = {}) => {
  const app = await startTestApp(options);
  const family = app.client();
  await family.signUp();
  return { app, family };
};

/** A new account's session cookie on a server at `base` (one started as its own process). */
export const signedInCookie = async (base: string) => {
  const client = new TestClient(base);
  await client.signUp();
  return client.cookie;
};

let counter = 0;
export const uniqueEmail = (label = "user") => `${label}.${Date.now()}.${++counter}@example.com`;

/** fetch with a cookie jar of one session, as a browser would keep it. */
export class TestClient {
  cookie = "";
  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    // A browser names the page's origin on every state change; the CSRF guard refuses a cookie without it.
    const origin: Record<string, string> =
      method === "GET" || method === "HEAD" ? {} : { origin: this.baseUrl };
    const init: RequestInit = { method, headers: { ...origin, ...headers } };
    if (this.cookie) (init.headers as Record<string, string>).cookie = this.cookie;
    if (typeof body === "string" || body instanceof FormData || body instanceof Blob) {
      init.body = body;
    } else if (body !== undefined) {
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
      init.body = JSON.stringify(body);
    }
    const response = await fetch(this.baseUrl + path, init);
    // The one cookie that says who this client is (a session, or a chat visitor's). The sign-in
    // device cookie comes beside a session; tests that need it read it from the answer.
    const identity = response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(";")[0] ?? "")
      .filter((cookie) => !cookie.startsWith(`${DEVICE_COOKIE}=`))
      .at(-1);
    if (identity !== undefined) this.cookie = identity;
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("POST", path, body, headers);
  put = (path: string, body?: unknown) => this.request("PUT", path, body);
  delete = (path: string) => this.request("DELETE", path);

  /** Registers a fresh account and keeps its session. */
  async signUp(overrides: Record<string, string> = {}) {
    const account = {
      firstName: "Ada",
      lastName: "Lovelace",
      email: uniqueEmail(),
      password: "correct horse",
      ...overrides,
    };
    const res = await this.post("/api/register", account);
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    return { ...account, user: res.json };
  }
}
