// How long one heavy request holds the built server: each parser of what users send gets an input
// as large as its route allows in its weakest dimension, while another client asks /api/health
// again and again. Prints the longest health wait beside the heavy request's own time; a
// request that held the server's thread would show a health wait as long as itself.
import { rmSync } from "node:fs";
import { heavyInputs, longestHealthWait } from "../support/health-latency";
import { buildApp, startServerProcess } from "../support/server-process";
import { makeTempDir, TestClient } from "../support/test-app";

await buildApp();
const dataDir = makeTempDir("keepsake-bench-stalls-");
const server = await startServerProcess({ dataDir, built: true });
try {
  const family = new TestClient(server.base);
  await family.signUp();
  const watcher = new TestClient(server.base);
  const preview = (fileName: string, content: string) =>
    family.post("/api/integration/import/preview", { fileName, content });
  const heavy: [string, () => Promise<{ status: number }>][] = [
    ["case import: 40,000 cases, a key each", () => preview("c.json", heavyInputs.distinctKeysJson(40_000))],
    ["case import: 2,000 cases, a key each", () => preview("c.json", heavyInputs.distinctKeysJson(2_000))],
    ["case import: nested 100,000 deep", () => preview("c.json", heavyInputs.deepJson())],
    ["case import: 4 MB CSV", () => preview("c.csv", heavyInputs.largeCsv())],
    [
      "grammar check: 10,000 characters",
      () => family.post("/api/writing/check-grammar", { text: "Her students loves her. ".repeat(416) }),
    ],
  ];
  console.log("request                                   status  request ms  longest health wait ms");
  for (const [label, send] of heavy) {
    const started = performance.now();
    const { result, longestMs } = await longestHealthWait(watcher, send);
    const took = performance.now() - started;
    console.log(
      `${label.padEnd(42)}${String(result.status).padStart(6)}${took.toFixed(0).padStart(12)}${longestMs.toFixed(0).padStart(24)}`,
    );
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
