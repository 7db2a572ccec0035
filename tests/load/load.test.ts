// A short run of the load test as a correctness check: under concurrency nothing errs, nothing
// saved is lost, no client sees another's data. The figures are the benchmark's business.
import { expect, test } from "bun:test";
import { runLoad } from "./run-load";

test("20 clients for 6 s against the built server: 0 errors, 0 lost or mixed-up writes", async () => {
  const figures = await runLoad({ clients: 20, seconds: 6, floorSeconds: 1 });
  expect(figures.errors).toEqual([]);
  expect(figures.lost).toEqual([]);
  expect(figures.mixedUp).toEqual([]);
  for (const kind of ["sign-in", "list", "save", "read", "photo upload", "pdf"]) {
    expect(figures.calls[kind]?.count ?? 0).toBeGreaterThan(0);
  }
}, 180_000);
