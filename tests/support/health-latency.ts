import type { TestClient } from "./test-app";

/**
 * Runs `heavy` while asking the server for `/api/health` again and again, and answers the longest
 * a health check waited. The test and the server share one event loop here, so a request that
 * holds the server's thread shows as one long wait, however the time is split between them.
 */
export const longestHealthWait = async <T>(
  client: TestClient,
  heavy: () => Promise<T>,
): Promise<{ result: T; longestMs: number; checks: number }> => {
  let settled = false;
  const running = heavy().finally(() => {
    settled = true;
  });
  let longestMs = 0;
  let checks = 0;
  while (!settled) {
    const started = performance.now();
    const health = await client.get("/api/health");
    if (health.status !== 200) throw new Error(`health answered ${health.status} under load`);
    longestMs = Math.max(longestMs, performance.now() - started);
    checks++;
  }
  return { result: await running, longestMs, checks };
};

/** Inputs each as large as its route allows in the dimension a parser is weakest in. */
export const heavyInputs = {
  /** `cases` cases each with a key of its own: the shape that once made reading quadratic. */
  distinctKeysJson: (cases: number) =>
    JSON.stringify(Array.from({ length: cases }, (_, i) => ({ [`k${i}`]: "x" }))),
  /** One case nested 100,000 levels deep. */
  deepJson: () => `[${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}]`,
  /** A 4 MB CSV export of cases with long obituaries (the largest file an import takes). */
  largeCsv: () => {
    const header = "Full Name,Birth Date,Date of Death,Service Date,Location,Obituary";
    const obituary = "She loved her garden, her students and her grandchildren. ".repeat(40);
    const rows = Array.from(
      { length: 1_600 },
      (_, i) => `Ada Lovelace ${i},1931-04-12,2025-03-01,2025-03-14 11:00,St Mary's,"${obituary}"`,
    );
    return `${header}\n${rows.join("\n")}`;
  },
};
