// Preloaded into every `bun test` (bunfig.toml): what the tests start is stopped once the run is
// over, also when a test failed or the run is interrupted. Bun's test runner fires no process
// "exit" handlers, so a cluster left to one stayed running after the run.
import { afterAll } from "bun:test";
import { stopAllPostgres } from "./postgres";

// In a preload file afterAll runs once, after every test file.
afterAll(stopAllPostgres);

for (const [signal, code] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  process.once(signal, () => {
    stopAllPostgres();
    process.exit(code);
  });
}
