// The load test: the built server in its own process, 100 (or `clients`) concurrent clients driven
// by autocannon over loopback for a bounded time, each with its own account. Most clients edit
// (list, save, read back); a few sign in, upload photos or print PDFs. Every answer is checked as it
// arrives (status, and that a read shows this client's own last save), and afterwards each client
// reads all its programs back: nothing lost, nothing mixed up.
import { rmSync } from "node:fs";
import autocannon from "autocannon";
import { closeDatabase, openDatabase, write } from "../../db/client";
import { users } from "../../db/schema";
import { buildApp, type ServerProcess, startServerProcess } from "../support/server-process";
import { makeTempDir } from "../support/test-app";
import { detailedJpeg } from "../support/test-images";

const PASSWORD = "load test password";
/** Programs each editing client keeps and saves over and over: the list stays a realistic size. */
const PROGRAMS_PER_CLIENT = 5;

export type LoadOptions = {
  clients: number;
  seconds: number;
  /** Length of the /api/health and program-list runs that give the authenticated cost ratio. */
  floorSeconds: number;
  /** Use an already built dist/app instead of building it. */
  skipBuild?: boolean;
  /** Idle time after the run before the memory is measured again (what is held, not in flight). */
  settleSeconds?: number;
};

export type CallFigures = { count: number; perSecond: number; p50: number; p99: number };

export type LoadFigures = {
  clients: number;
  seconds: number;
  rssIdleMb: number;
  rssAfterMb: number;
  /** RSS once the server has been idle `settleSeconds` after the run; undefined when not measured. */
  rssSettledMb?: number;
  healthPerSecond: number;
  listPerSecond: number;
  /** How many /api/health answers one signed-in program list costs. */
  listCostRatio: number;
  calls: Record<string, CallFigures>;
  errors: string[];
  lost: string[];
  mixedUp: string[];
};

type Kind = "sign-in" | "list" | "save" | "read" | "photo upload" | "pdf";

type ClientState = {
  index: number;
  email: string;
  cookie: string;
  /** What this client last saved of each of its programs, by id. */
  saved: Map<string, { fullName: string; version: number }>;
  photos: string[];
  seq: number;
  /** A save sent but not answered when the run stopped: it may or may not have been applied. */
  unanswered?: { id?: string; fullName: string };
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);

const cookieOf = (headers: Record<string, string | string[]>) => {
  const raw = headers["set-cookie"];
  const first = Array.isArray(raw) ? raw[0] : raw;
  return first?.split(";")[0] ?? "";
};

/** Accounts are seeded straight into the database: registration is rate limited per address. */
const seedAccounts = async (dataDir: string, count: number) => {
  const db = openDatabase(dataDir);
  const passwordHash = await Bun.password.hash(PASSWORD, { algorithm: "argon2id" });
  const now = new Date();
  const emails = Array.from({ length: count }, (_, i) => `client-${i}@load.example`);
  await write(db, (tx) =>
    tx.insert(users).values(
      emails.map((email, i) => ({
        id: crypto.randomUUID(),
        email,
        firstName: "Load",
        lastName: `Client ${i}`,
        passwordHash,
        subscriptionTier: "pro" as const,
        trialStartedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    ),
  );
  await closeDatabase(db);
  return emails;
};

const signIn = async (base: string, email: string) => {
  const res = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  return res.headers.get("set-cookie")?.split(";")[0] ?? "";
};

/** A real photo; each upload appends a few bytes after the JPEG's end, so each is processed anew. */
const photoBody = async () => {
  const jpeg = await detailedJpeg(900, 600, { quality: 80 });
  const boundary = "----keepsake-load";
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: (salt: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        jpeg,
        Buffer.from(salt),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
  };
};

const throughput = async (
  base: string,
  path: string,
  connections: number,
  seconds: number,
  cookie?: string,
) => {
  const result = await autocannon({
    url: base + path,
    connections,
    duration: seconds,
    headers: cookie ? { cookie } : {},
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
};

export const runLoad = async (options: LoadOptions): Promise<LoadFigures> => {
  const dataDir = makeTempDir("keepsake-load-");
  let server: ServerProcess | undefined;
  try {
    if (!options.skipBuild) await buildApp();
    const emails = await seedAccounts(dataDir, options.clients);
    server = await startServerProcess({ dataDir, built: true });
    const base = server.base;
    await Bun.sleep(1000);
    const rssIdleMb = server.rssMb();

    const states: ClientState[] = [];
    for (let i = 0; i < emails.length; i += 4) {
      const batch = emails.slice(i, i + 4);
      const cookies = await Promise.all(batch.map((email) => signIn(base, email)));
      for (const [j, cookie] of cookies.entries()) {
        states.push({
          index: i + j,
          email: batch[j] as string,
          cookie,
          saved: new Map(),
          photos: [],
          seq: 0,
        });
      }
    }

    // Roles: a few clients each sign in, upload and print; the rest edit programs.
    const few = Math.max(1, Math.round(options.clients * 0.03));
    const roleOf = (index: number): "pdf" | "sign-in" | "upload" | "edit" =>
      index < few ? "pdf" : index < 2 * few ? "sign-in" : index < 3 * few ? "upload" : "edit";

    const json = (state: ClientState) => ({
      "content-type": "application/json",
      cookie: state.cookie,
      origin: base,
    });
    // The printing clients print a program of their own.
    for (const state of states.filter((s) => roleOf(s.index) === "pdf")) {
      const res = await fetch(`${base}/api/programs`, {
        method: "POST",
        headers: json(state),
        body: JSON.stringify({
          fullName: `Printed ${state.index}`,
          lifeReflections: "A life well lived. ".repeat(40),
        }),
      });
      const program = (await res.json()) as { id: string; version: number; fullName: string };
      state.saved.set(program.id, { fullName: program.fullName, version: program.version });
    }
    // Chromium starts with the first PDF: start it before the clock runs, as a warm server would have it.
    const printer = states.find((s) => roleOf(s.index) === "pdf") as ClientState;
    const warmUp = await fetch(`${base}/api/programs/${[...printer.saved.keys()][0]}/pdf?variant=pages`, {
      headers: { cookie: printer.cookie },
    });
    if (warmUp.status !== 200)
      throw new Error(`the warm-up PDF failed: ${warmUp.status} ${await warmUp.text()}`);
    await warmUp.arrayBuffer();

    const healthPerSecond = await throughput(base, "/api/health", options.clients, options.floorSeconds);
    const listed = states.find((s) => roleOf(s.index) === "pdf") as ClientState;
    const listPerSecond = await throughput(
      base,
      "/api/programs",
      options.clients,
      options.floorSeconds,
      listed.cookie,
    );

    const latencies: Record<Kind, number[]> = {
      "sign-in": [],
      list: [],
      save: [],
      read: [],
      "photo upload": [],
      pdf: [],
    };
    const errors: string[] = [];
    const mixedUp: string[] = [];
    const photo = await photoBody();
    let nextClient = 0;

    const requestsFor = (state: ClientState, inFlight: Kind[]) => {
      const expectOk = (kind: Kind, status: number, body: string) => {
        if (status >= 200 && status < 300) return true;
        errors.push(`${kind} of client ${state.index}: ${status} ${body.slice(0, 200)}`);
        return false;
      };
      const step = (
        kind: Kind,
        build: (req: any) => any,
        check: (status: number, body: string, headers: any) => void,
      ) => ({
        setupRequest: (req: any) => {
          inFlight.push(kind);
          return build(req);
        },
        onResponse: (status: number, body: string, _context: unknown, headers: any) => {
          if (expectOk(kind, status, body)) check(status, body, headers);
        },
      });
      const role = roleOf(state.index);
      if (role === "pdf") {
        const [id] = [...state.saved.keys()];
        return [
          step(
            "pdf",
            (req) => ({
              ...req,
              method: "GET",
              path: `/api/programs/${id}/pdf?variant=pages`,
              headers: { cookie: state.cookie },
            }),
            () => {},
          ),
        ];
      }
      if (role === "sign-in") {
        let cookie = "";
        return [
          step(
            "sign-in",
            (req) => ({
              ...req,
              method: "POST",
              path: "/api/login",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ email: state.email, password: PASSWORD }),
            }),
            (_s, _b, headers) => {
              cookie = cookieOf(headers);
            },
          ),
          step(
            "read",
            (req) => ({ ...req, method: "GET", path: "/api/auth/user", headers: { cookie } }),
            (_s, body) => {
              if ((JSON.parse(body) as { email: string }).email !== state.email)
                mixedUp.push(`sign-in of ${state.email} answered ${body}`);
            },
          ),
        ];
      }
      if (role === "upload") {
        return [
          step(
            "photo upload",
            (req) => ({
              ...req,
              method: "POST",
              path: "/api/photos",
              headers: { "content-type": photo.contentType, cookie: state.cookie, origin: base },
              body: photo.body(`${state.index}-${++state.seq}`),
            }),
            (_s, body) => {
              state.photos.push((JSON.parse(body) as { id: string }).id);
            },
          ),
        ];
      }
      let current: string | undefined;
      let sentName = "";
      return [
        step(
          "list",
          (req) => ({ ...req, method: "GET", path: "/api/programs", headers: { cookie: state.cookie } }),
          (_s, body) => {
            const ids = (JSON.parse(body) as { id: string }[]).map((p) => p.id).sort();
            const mine = [...state.saved.keys()].sort();
            if (JSON.stringify(ids) !== JSON.stringify(mine))
              mixedUp.push(`list of client ${state.index}: ${ids} instead of ${mine}`);
          },
        ),
        step(
          "save",
          (req) => {
            sentName = `Client ${state.index} save ${++state.seq}`;
            if (state.saved.size < PROGRAMS_PER_CLIENT) {
              current = undefined;
              state.unanswered = { fullName: sentName };
              return {
                ...req,
                method: "POST",
                path: "/api/programs",
                headers: json(state),
                body: JSON.stringify({ fullName: sentName }),
              };
            }
            current = [...state.saved.keys()][state.seq % PROGRAMS_PER_CLIENT] as string;
            const { version } = state.saved.get(current) as { version: number };
            state.unanswered = { id: current, fullName: sentName };
            return {
              ...req,
              method: "PUT",
              path: `/api/programs/${current}`,
              headers: json(state),
              body: JSON.stringify({ fullName: sentName, location: `Hall ${state.seq}`, version }),
            };
          },
          (_s, body) => {
            state.unanswered = undefined;
            const saved = JSON.parse(body) as { id: string; fullName: string; version: number };
            if (saved.fullName !== sentName || (current && saved.id !== current))
              mixedUp.push(`save of client ${state.index} answered ${body.slice(0, 200)}`);
            current = saved.id;
            state.saved.set(saved.id, { fullName: saved.fullName, version: saved.version });
          },
        ),
        step(
          "read",
          (req) => ({
            ...req,
            method: "GET",
            path: `/api/programs/${current}`,
            headers: { cookie: state.cookie },
          }),
          (_s, body) => {
            const read = JSON.parse(body) as { id: string; fullName: string; version: number };
            const expected = state.saved.get(read.id);
            if (
              read.id !== current ||
              read.fullName !== expected?.fullName ||
              read.version !== expected?.version
            ) {
              mixedUp.push(`read of client ${state.index}: ${body.slice(0, 200)}`);
            }
          },
        ),
      ];
    };

    const started = performance.now();
    const result = await autocannon({
      url: base,
      connections: options.clients,
      duration: options.seconds,
      timeout: 60,
      setupClient: (client: any) => {
        const state = states[nextClient++ % states.length] as ClientState;
        const inFlight: Kind[] = [];
        client.setRequests(requestsFor(state, inFlight));
        // The client's own event carries (status, bytes, milliseconds).
        client.on("response", (_status: number, _bytes: number, responseTime: number) => {
          const kind = inFlight.shift();
          if (kind) latencies[kind].push(responseTime);
        });
      },
    });
    const elapsed = (performance.now() - started) / 1000;
    if (result.errors > 0 || result.timeouts > 0)
      errors.push(`${result.errors} connection errors, ${result.timeouts} timeouts`);
    await Bun.sleep(1000);
    const rssAfterMb = server.rssMb();

    // Afterwards every client reads back everything it was told was saved.
    const lost: string[] = [];
    for (const state of states) {
      const headers = { cookie: state.cookie };
      if (roleOf(state.index) === "edit") {
        const list = (await (await fetch(`${base}/api/programs`, { headers })).json()) as { id: string }[];
        for (const { id } of list) {
          const res = await fetch(`${base}/api/programs/${id}`, { headers });
          const stored = (await res.json()) as { id: string; fullName: string; version: number };
          const expected = state.saved.get(id);
          if (expected?.fullName === stored.fullName && expected.version === stored.version) continue;
          // The save in flight when the run stopped was applied; its answer was never read.
          const pending = state.unanswered;
          const appliedUnanswered =
            pending?.fullName === stored.fullName &&
            (pending.id ? pending.id === id && stored.version === (expected?.version ?? 0) + 1 : !expected);
          if (!appliedUnanswered) {
            const got = JSON.stringify({ fullName: stored.fullName, version: stored.version });
            lost.push(
              `client ${state.index} program ${id}: ${got} instead of ${JSON.stringify(expected ?? "nothing")}`,
            );
          }
        }
        const listed = new Set(list.map((p) => p.id));
        for (const id of state.saved.keys()) {
          if (!listed.has(id)) lost.push(`client ${state.index} program ${id} is missing`);
        }
      }
      for (const id of state.photos) {
        const res = await fetch(`${base}/api/photos/${id}?rendition=screen`, { headers });
        if (res.status !== 200) lost.push(`client ${state.index} photo ${id}: ${res.status}`);
        await res.arrayBuffer();
      }
    }

    let rssSettledMb: number | undefined;
    if (options.settleSeconds) {
      await Bun.sleep(options.settleSeconds * 1000);
      rssSettledMb = server.rssMb();
    }

    const calls = Object.fromEntries(
      Object.entries(latencies)
        .filter(([, values]) => values.length > 0)
        .map(([kind, values]) => {
          const sorted = [...values].sort((a, b) => a - b);
          return [
            kind,
            {
              count: sorted.length,
              perSecond: sorted.length / elapsed,
              p50: percentile(sorted, 50),
              p99: percentile(sorted, 99),
            },
          ];
        }),
    );
    return {
      clients: options.clients,
      seconds: options.seconds,
      rssIdleMb,
      rssAfterMb,
      rssSettledMb,
      healthPerSecond,
      listPerSecond,
      listCostRatio: healthPerSecond / listPerSecond,
      calls,
      errors,
      lost,
      mixedUp,
    };
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export const printLoadFigures = (figures: LoadFigures) => {
  const mb = (n: number) => `${n.toFixed(0)} MB`;
  console.log(
    `Load: ${figures.clients} clients for ${figures.seconds} s against the built server (loopback)`,
  );
  const settled = figures.rssSettledMb === undefined ? "" : `, ${mb(figures.rssSettledMb)} once idle again`;
  console.log(
    `  server RSS: ${mb(figures.rssIdleMb)} idle after start-up, ${mb(figures.rssAfterMb)} after the run${settled}`,
  );
  console.log(
    `  /api/health ${figures.healthPerSecond.toFixed(0)}/s, signed-in list ${figures.listPerSecond.toFixed(0)}/s: one list costs ${figures.listCostRatio.toFixed(1)}x the floor`,
  );
  console.log("  call            requests/s      p50      p99   (count)");
  for (const [kind, c] of Object.entries(figures.calls)) {
    console.log(
      `  ${kind.padEnd(14)} ${c.perSecond.toFixed(1).padStart(11)} ${`${c.p50.toFixed(0)} ms`.padStart(8)} ${`${c.p99.toFixed(0)} ms`.padStart(8)}   (${c.count})`,
    );
  }
  console.log(
    `  errors: ${figures.errors.length}, lost writes: ${figures.lost.length}, mixed-up answers: ${figures.mixedUp.length}`,
  );
  for (const line of [...figures.errors, ...figures.lost, ...figures.mixedUp].slice(0, 10))
    console.log(`    ${line}`);
};

if (import.meta.main) {
  const arg = (name: string, fallback: number) =>
    Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
  const figures = await runLoad({
    clients: arg("clients", 100),
    seconds: arg("seconds", 60),
    floorSeconds: arg("floor", 10),
    settleSeconds: arg("settle", 15),
  });
  printLoadFigures(figures);
  process.exit(figures.errors.length + figures.lost.length + figures.mixedUp.length === 0 ? 0 : 1);
}
