// Set-up shared by `bun run start` and `bun run test`. Uses only Bun and Node built-ins:
// it runs before the project's dependencies are installed.
import { existsSync, statSync } from "node:fs";
import { findChromium } from "../src/print/find-chromium";

export const run = (cmd: string[], opts: { quiet?: boolean } = {}) => {
  const result = Bun.spawnSync(cmd, { stdout: opts.quiet ? "ignore" : "inherit", stderr: "inherit" });
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

const APT_PACKAGES = [
  "chromium",
  "chromium-headless-shell",
  "fonts-dejavu-core",
  "fonts-liberation",
  "poppler-utils",
  "ghostscript",
];

// poppler-utils reads the PDFs in the print tests; Ghostscript makes the CMYK variant.
const REQUIRED_TOOLS = ["pdfinfo", "pdffonts", "pdftotext", "pdfimages", "pdftoppm", "gs"];

/** Makes sure a Chromium (and the PDF tools the print tests read with) is installed. */
export const ensureChromium = () => {
  const haveTools = REQUIRED_TOOLS.every((tool) => Bun.which(tool));
  if (findChromium() && haveTools) return;
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !Bun.which("apt-get")) {
    console.error(
      "Chromium, poppler-utils and Ghostscript are needed: run 'sudo apt-get install chromium chromium-headless-shell poppler-utils ghostscript'.",
    );
    process.exit(1);
  }
  console.log("Installing Chromium, fonts and PDF tools from Debian…");
  run(["apt-get", "update", "-qq"], { quiet: true });
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const result = Bun.spawnSync(["apt-get", "install", "-y", "-qq", ...APT_PACKAGES], {
    env,
    stdout: "ignore",
    stderr: "inherit",
  });
  if (result.exitCode !== 0 || !findChromium()) {
    console.error("Installing Chromium with apt-get failed: see the messages above.");
    process.exit(1);
  }
};
