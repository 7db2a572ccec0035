// Set-up shared by `bun run start` and `bun run test`. Uses only Bun and Node built-ins:
// it runs before the project's dependencies are installed.
import { existsSync, statSync } from "node:fs";
import { findChromium } from "../src/print/find-chromium";
import { findPostgresTool } from "./find-postgres";

export const run = (cmd: string[]) => {
  const result = Bun.spawnSync(cmd, { stdout: "inherit", stderr: "inherit" });
  if (result.exitCode !== 0) {
    console.error(`\n'${cmd.join(" ")}' failed (exit ${result.exitCode}).`);
    process.exit(result.exitCode ?? 1);
  }
};

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export const ensureDependencies = () => {
  const marker = "node_modules/.bun-installed";
  const stale = !existsSync(marker) || statSync("bun.lock").mtimeMs > statSync(marker).mtimeMs;
  if (!stale) return;
  console.log("Installing dependencies…");
  run(["bun", "install", "--frozen-lockfile"]);
  Bun.write(marker, new Date().toISOString());
};

// The print engine's packages: Chromium (Debian's headless shell preferred), fonts for its own UI
// text, and Ghostscript for the CMYK variant.
const PRINT_PACKAGES = [
  "chromium",
  "chromium-headless-shell",
  "fonts-dejavu-core",
  "fonts-liberation",
  "ghostscript",
];
// poppler-utils reads the PDFs in the print tests; the PostgreSQL schema and migration tests run on a
// throwaway cluster.
const TEST_PACKAGES = [...PRINT_PACKAGES, "poppler-utils", "postgresql"];
const TEST_TOOLS = ["pdfinfo", "pdffonts", "pdftotext", "pdfimages", "pdftoppm", "gs"];

const canInstall = () => process.getuid?.() === 0 && Bun.which("apt-get") !== null;

/** apt-get install as root; true when it succeeded. */
const aptInstall = (packages: string[]) => {
  console.log(`Installing ${packages.join(", ")} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const update = Bun.spawnSync(["apt-get", "update", "-qq"], { env, stdout: "ignore", stderr: "inherit" });
  if (update.exitCode !== 0) return false;
  const install = Bun.spawnSync(["apt-get", "install", "-y", "-qq", ...packages], {
    env,
    stdout: "ignore",
    stderr: "inherit",
  });
  return install.exitCode === 0;
};

const hasPostgres = () =>
  findPostgresTool("initdb") !== undefined && findPostgresTool("pg_ctl") !== undefined;

/**
 * `bun run test`: Chromium, the PDF tools the print tests read with and PostgreSQL, or stop saying
 * what to install.
 */
export const ensureTestTools = () => {
  if (findChromium() && TEST_TOOLS.every((tool) => Bun.which(tool)) && hasPostgres()) return;
  if (!canInstall()) {
    console.error(
      "Chromium, poppler-utils, Ghostscript and PostgreSQL are needed: run 'sudo apt-get install chromium chromium-headless-shell poppler-utils ghostscript postgresql'.",
    );
    process.exit(1);
  }
  if (!aptInstall(TEST_PACKAGES) || !findChromium() || !hasPostgres()) {
    console.error("Installing the test tools with apt-get failed: see the messages above.");
    process.exit(1);
  }
};

/**
 * `bun run start`: installs the print engine when it is missing and we may (root with apt-get).
 * Otherwise the server starts anyway and says at start-up what to install; PDFs answer 503 until then.
 * A CHROMIUM_PATH the operator chose is never second-guessed with an install.
 */
export const ensurePrintEngine = () => {
  if (process.env.CHROMIUM_PATH || (findChromium() && Bun.which("gs"))) return;
  if (canInstall()) aptInstall(PRINT_PACKAGES);
};
