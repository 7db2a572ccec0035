// `bun run test`: set up what a fresh clone lacks, then lint, typecheck and every test. Fails when
// the tests leave files behind in the work tree (they must write to temporary folders).
import { ensureDependencies, ensureTestTools, run } from "./setup";

/** Files git would see as changed or new (ignored ones such as dist/ and data/ excluded). */
const workTreeChanges = () => {
  const status = Bun.spawnSync(["git", "status", "--porcelain", "--untracked-files=all"], {
    stderr: "ignore",
  });
  return status.exitCode === 0 ? new Set(status.stdout.toString().split("\n").filter(Boolean)) : undefined;
};

ensureDependencies();
ensureTestTools();
run(["bun", "run", "lint"]);
run(["bun", "run", "typecheck"]);

const before = workTreeChanges();
// bunfig's [test] timeout is not honoured by Bun 1.4; the flag is.
const proc = Bun.spawn(["bun", "test", "--timeout=30000", ...process.argv.slice(2)], {
  stdout: "inherit",
  stderr: "pipe",
});
let output = "";
const decoder = new TextDecoder();
for await (const chunk of proc.stderr) {
  const text = decoder.decode(chunk);
  output += text;
  process.stderr.write(text);
}
let code = await proc.exited;
const count = (word: string) => Number(output.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);

const left = [...(workTreeChanges() ?? [])].filter((line) => before && !before.has(line));
if (left.length > 0) {
  console.error(
    `\nThe tests left files in the work tree (write them to a temporary folder):\n${left.join("\n")}`,
  );
  code ||= 1;
}
console.log(`${count("pass")} passed, ${count("fail")} failed`);
process.exit(code);
