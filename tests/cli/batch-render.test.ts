// `memorial batch`, `pdf` and `export` end to end: real processes, the real print engine, and the
// files read back with poppler (page count, size, text).
import { afterAll, expect, test } from "bun:test";
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/test-app";
import { fixture, REPO, runCli } from "./run-cli";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = makeTempDir("keepsake-cli-render-");
  dirs.push(dir);
  return dir;
};

const poppler = (tool: string, ...args: string[]) => {
  const result = Bun.spawnSync([tool, ...args], { stdout: "pipe", stderr: "pipe" });
  if (result.exitCode !== 0) throw new Error(`${tool}: ${result.stderr.toString()}`);
  return result.stdout.toString();
};
const pdfPages = (path: string) => Number(poppler("pdfinfo", path).match(/^Pages:\s+(\d+)/m)?.[1]);
const pdfSize = (path: string) => poppler("pdfinfo", path).match(/^Page size:\s+([\d.]+ x [\d.]+)/m)?.[1];
const pdfText = (path: string) => poppler("pdftotext", "-layout", path, "-");

test("a week's spreadsheet becomes one 8-page PDF per row; a second run never overwrites", async () => {
  const out = join(tempDir(), "week");
  const first = await runCli(["batch", fixture("week-services.csv"), "--out", out]);
  expect(first.exitCode).toBe(0);
  expect(first.stdout).toMatch(/^Wrote 5 PDFs to .* in [\d.]+ s \([\d.]+ per second\)\.$/m);
  // Not a terminal: one plain progress line per file.
  expect(first.stderr.match(/^\[\d\/5\] .+\.pdf$/gm)).toHaveLength(5);
  const names = readdirSync(out).sort();
  expect(names).toEqual([
    "eleanor-mae-whitfield-2025-03-14.pdf",
    "harold-hal-jenkins-2025-03-15.pdf",
    "jose-luis-nunez-2025-03-16.pdf",
    "margaret-obrien-2025-03-17.pdf",
    "samuel-okafor-2025-03-18.pdf",
  ]);
  for (const name of names) {
    expect(pdfPages(join(out, name))).toBe(8);
    expect(pdfSize(join(out, name))).toBe("630 x 810"); // 8.5x11 in plus 0.125 in bleed
  }
  const jose = pdfText(join(out, "jose-luis-nunez-2025-03-16.pdf"));
  expect(jose).toContain("José Luis Núñez");
  expect(jose).toContain("Iglesia San José");
  expect(pdfText(join(out, "harold-hal-jenkins-2025-03-15.pdf"))).toContain('Harold "Hal" Jenkins');

  const before = readFileSync(join(out, names[0]!));
  const again = await runCli(["batch", fixture("week-services.csv"), "--out", out]);
  expect(again.exitCode).toBe(0);
  expect(again.stdout).toContain("These names were already taken, so they got a number:");
  expect(again.stdout).toContain("eleanor-mae-whitfield-2025-03-14-2.pdf");
  expect(readdirSync(out)).toHaveLength(10);
  expect(readFileSync(join(out, names[0]!)).equals(before)).toBe(true);
}, 90_000);

test("without --out, `memorial batch services.csv` writes to services/ beside the CSV and says so", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "services.csv"), readFileSync(fixture("week-services.csv")));
  const run = await runCli(["batch", "services.csv"], { cwd: dir });
  expect(run.stderr).not.toContain("required option");
  expect(run.exitCode).toBe(0);
  expect(run.stdout).toMatch(/^Wrote 5 PDFs to services\/ in [\d.]+ s/m);
  expect(readdirSync(join(dir, "services"))).toHaveLength(5);
  expect(readdirSync(dir).sort()).toEqual(["services", "services.csv"]);
}, 90_000);

test("BOM, CRLF, quotes, multi-line cells and accents survive into the PDFs", async () => {
  const out = tempDir();
  for (const file of ["excel-bom-crlf.csv", "quotes-and-newlines.csv", "accents.csv"]) {
    const run = await runCli(["batch", fixture(file), "--out", out]);
    expect(run.exitCode).toBe(0);
  }
  expect(readdirSync(out).sort()).toEqual([
    "anna-kowalska-2025-04-02.pdf",
    "brian-walsh-2025-04-03.pdf",
    "dorothy-lane.pdf",
    "francois-lefevre-2025-05-03.pdf",
    "lucja-zolc-2025-05-04.pdf",
    "nguyen-thi-hoa-2025-05-02.pdf",
    "walter-walt-brennan.pdf",
    "zoe-angstrom-oye-2025-05-01.pdf",
  ]);
  expect(pdfText(join(out, "anna-kowalska-2025-04-02.pdf"))).toContain("Kościół św. Anny, Kraków");
  const walt = pdfText(join(out, "walter-walt-brennan.pdf"));
  expect(walt).toContain('"Leave it better than you found it."');
  expect(walt).toContain("And he did, every single day.");
  expect(pdfText(join(out, "zoe-angstrom-oye-2025-05-01.pdf"))).toContain("Zoë Ångström-Øye");
  expect(pdfText(join(out, "lucja-zolc-2025-05-04.pdf"))).toContain("Łucja Żółć");
  expect(pdfText(join(out, "nguyen-thi-hoa-2025-05-02.pdf"))).toContain("Nguyễn Thị Hoa");
}, 90_000);

test("--skip-invalid prints the valid rows and reports the rest; template and variant apply", async () => {
  const out = tempDir();
  const run = await runCli([
    "batch",
    fixture("mistake-on-line-5.csv"),
    "--out",
    out,
    "--skip-invalid",
    "--template",
    "elegant",
    "--variant",
    "booklet-letter",
    "--concurrency",
    "1",
  ]);
  expect(run.exitCode).toBe(0);
  expect(run.stderr).toContain("line 5: birthDate: Birth date must be a date like 1931-04-12");
  expect(run.stdout).toContain("Wrote 4 PDFs");
  expect(run.stdout).toContain("Skipped 1 row with problems (line 5).");
  const names = readdirSync(out).sort();
  expect(names).toHaveLength(4);
  expect(names.every((n) => n.endsWith("-booklet-letter.pdf"))).toBe(true);
  expect(names.some((n) => n.startsWith("margaret"))).toBe(false);
  const ruth = join(out, "ruth-ames-2025-03-16-booklet-letter.pdf");
  expect(pdfPages(ruth)).toBe(4); // 8 booklet pages, two to a letter sheet
  expect(pdfSize(ruth)).toBe("792 x 612");
  // The template filled the blank scripture of every row.
  expect(pdfText(ruth)).toContain("To every thing there is a season");
}, 90_000);

test("memorial pdf renders a program JSON, refuses to overwrite, and names a bad field", async () => {
  const dir = tempDir();
  const out = join(dir, "eleanor.pdf");
  const run = await runCli(["pdf", join(REPO, "fixtures/programs/typical.json"), "--out", out]);
  expect(run.exitCode).toBe(0);
  expect(run.stdout).toContain(`Wrote ${out} (8-page booklet, print).`);
  expect(pdfPages(out)).toBe(8);
  expect(pdfText(out)).toContain("Eleanor Grace Whitfield");
  const size = statSync(out).size;

  const again = await runCli(["pdf", join(REPO, "fixtures/programs/typical.json"), "--out", out]);
  expect(again.exitCode).toBe(1);
  expect(again.stderr).toContain("already exists: choose another --out, or add --force");
  expect(statSync(out).size).toBe(size);

  const bad = join(dir, "bad.json");
  writeFileSync(bad, JSON.stringify({ fullName: "Ann", colorTheme: "purple", birthDate: "12/04/1931" }));
  const invalid = await runCli(["pdf", bad, "--out", join(dir, "bad.pdf")]);
  expect(invalid.exitCode).toBe(1);
  expect(invalid.stderr).toContain(`${bad}: birthDate: Birth date must be a date like 1931-04-12`);
  expect(invalid.stderr).toContain(`${bad}: colorTheme: Colour theme must be one of`);
  expect(readdirSync(dir).sort()).toEqual(["bad.json", "eleanor.pdf"]);
}, 60_000);

test("memorial export writes the builder's export files", async () => {
  const dir = tempDir();
  const program = join(REPO, "fixtures/programs/typical.json");
  const merge = await runCli(["export", program, "--format", "data-merge", "--tool", "canva", "--out", "-"]);
  expect(merge.exitCode).toBe(0);
  expect(merge.stdout.split("\n")[0]).toContain("FullName");
  expect(merge.stdout).toContain("Eleanor Grace Whitfield");

  const json = await runCli(["export", program, "--format", "json"], { cwd: dir });
  expect(json.exitCode).toBe(0);
  const [file] = readdirSync(dir);
  expect(file).toBe("Eleanor-Whitfield-program.json");
  expect(JSON.parse(readFileSync(join(dir, file!), "utf8")).fullName).toBe("Eleanor Grace Whitfield");

  const missingFormat = await runCli(["export", program]);
  expect(missingFormat.exitCode).not.toBe(0);
  expect(missingFormat.stderr).toContain("--format");
});
