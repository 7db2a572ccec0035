// `bun run test`: set up what a fresh clone lacks, then lint, typecheck and every test.
import { ensureDependencies, ensureTestTools, run } from "./setup";

ensureDependencies();
ensureTestTools();
run(["bun", "run", "lint"]);
run(["bun", "run", "typecheck"]);

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
const code = await proc.exited;
const count = (word: string) => Number(output.match(new RegExp(`^\\s*(\\d+) ${word}$`, "m"))?.[1] ?? 0);
console.log(`${count("pass")} passed, ${count("fail")} failed`);
process.exit(code);
