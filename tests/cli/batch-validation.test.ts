// `memorial batch` checks every row before it renders anything: these runs never reach the printer.
import { afterEach, expect, test } from "bun:test";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/test-app";
import { fixture, runCli } from "./run-cli";

const dirs: string[] = [];
const tempDir = () => {
  const dir = makeTempDir("keepsake-cli-");
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("a bad row is reported with its line and field, exits non-zero and writes nothing", async () => {
  const out = join(tempDir(), "programs");
  const { exitCode, stderr } = await runCli(["batch", fixture("mistake-on-line-5.csv"), "--out", out]);
  expect(exitCode).toBe(1);
  expect(stderr).toContain("line 5: birthDate: Birth date must be a date like 1931-04-12");
  expect(stderr).toContain("line 5: colorTheme: Colour theme must be one of: classic, elegant");
  expect(stderr).toContain("No PDFs were written");
  expect(stderr).not.toContain("line 4");
  expect(existsSync(out)).toBe(false);
});

test("a mistake in spreadsheet row 37 is reported as line 37", async () => {
  const out = join(tempDir(), "programs");
  const { exitCode, stderr } = await runCli([
    "batch",
    fixture("forty-services-mistake-row-37.csv"),
    "-o",
    out,
  ]);
  expect(exitCode).toBe(1);
  expect(stderr).toContain(
    "line 37: serviceDate: Service date must be a date and time like 2025-03-14T11:00",
  );
  expect(stderr).toContain("1 problem found");
  expect(existsSync(out)).toBe(false);
});

test("an unknown column, a missing name column and an unknown template are refused", async () => {
  const dir = tempDir();
  const csv = join(dir, "typo.csv");
  writeFileSync(csv, "name,colour\nEleanor,classic\n");
  const typo = await runCli(["batch", csv, "--out", join(dir, "out")]);
  expect(typo.exitCode).toBe(1);
  expect(typo.stderr).toContain('line 1: column "name" is not a service field');
  expect(typo.stderr).toContain("line 1: fullName: the fullName column is missing");

  const template = await runCli([
    "batch",
    fixture("week-services.csv"),
    "--out",
    dir,
    "--template",
    "gothic",
  ]);
  expect(template.exitCode).toBe(1);
  expect(template.stderr).toContain('--template: there is no template "gothic". Choose one of: traditional');
  expect(readdirSync(dir)).toEqual(["typo.csv"]);
});

test("a nameless row, too many cells and an unclosed quote are each reported by line", async () => {
  const dir = tempDir();
  const csv = join(dir, "rows.csv");
  writeFileSync(csv, "fullName,location\nAnn Lee,Chapel\n,Hall\nBob Ray,Hall, Room 2\n");
  const { exitCode, stderr } = await runCli(["batch", csv, "--out", join(dir, "out")]);
  expect(exitCode).toBe(1);
  expect(stderr).toContain("line 3: fullName: Full name is required");
  expect(stderr).toContain("line 4: this row has 3 cells but the header has 2 columns");

  writeFileSync(csv, 'fullName,location\nAnn Lee,Chapel\n"Bob Ray,Hall\nCarl,Hall\n');
  const unclosed = await runCli(["batch", csv, "--out", join(dir, "out")]);
  expect(unclosed.exitCode).toBe(1);
  expect(unclosed.stderr).toContain("the file could not be read as CSV");
  expect(existsSync(join(dir, "out"))).toBe(false);
});

test("a file that is not UTF-8 is refused with what to do", async () => {
  const dir = tempDir();
  const csv = join(dir, "latin1.csv");
  // "José" in Windows-1252, as an old spreadsheet export writes it.
  writeFileSync(csv, Buffer.from([...Buffer.from("fullName\nJos"), 0xe9, 0x0a]));
  const { exitCode, stderr } = await runCli(["batch", csv, "--out", join(dir, "out")]);
  expect(exitCode).toBe(1);
  expect(stderr).toContain('the file is not UTF-8 text. In your spreadsheet choose "CSV UTF-8"');
});

test("a missing file and a bad --concurrency are usage errors", async () => {
  const missing = await runCli(["batch", "no-such.csv", "--out", tempDir()]);
  expect(missing.exitCode).toBe(1);
  expect(missing.stderr).toContain("no-such.csv: no such file");
  const concurrency = await runCli(["batch", fixture("week-services.csv"), "--out", tempDir(), "-c", "0"]);
  expect(concurrency.exitCode).not.toBe(0);
  expect(concurrency.stderr).toContain("use a whole number from 1 to 8");
});

test("--help lists every command with examples", async () => {
  const { exitCode, stdout } = await runCli(["--help"]);
  expect(exitCode).toBe(0);
  for (const command of ["batch", "pdf", "export", "serve", "db"])
    expect(stdout).toMatch(new RegExp(`^  ${command}\\b`, "m"));
  expect(stdout).toContain("Examples:");
  expect(stdout).toContain("$ memorial batch services.csv --out programs/");
});

test("db migrate creates the database and is safe to repeat", async () => {
  const dataDir = tempDir();
  const first = await runCli(["db", "migrate"], { env: { MEMORIAL_DATA_DIR: dataDir } });
  expect(first.exitCode).toBe(0);
  expect(first.stdout).toContain(`Database ready in ${dataDir}`);
  expect(existsSync(join(dataDir, "keepsake.sqlite"))).toBe(true);
  const again = await runCli(["db", "migrate"], { env: { MEMORIAL_DATA_DIR: dataDir } });
  expect(again.exitCode).toBe(0);
  expect(again.stdout).toBe(first.stdout);
});
