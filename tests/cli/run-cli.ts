import { join } from "node:path";

export const REPO = join(import.meta.dir, "../..");
export const fixture = (name: string) => join(REPO, "fixtures/csv", name);

/** Runs `memorial …` as a user would (`bun run memorial`), in its own process. */
export const runCli = async (
  args: string[],
  options: { env?: Record<string, string>; cwd?: string } = {},
) => {
  const proc = Bun.spawn(["bun", join(REPO, "src/cli/main.ts"), ...args], {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, ...options.env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, exitCode };
};
