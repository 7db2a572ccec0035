// A dozen lines instead of a dependency: a single redrawn line on a terminal, and one plain line
// per finished item when the output is a file or a pipe (CI logs, cron mail).
export type Progress = { tick: (label: string) => void; done: () => void };

const BAR_WIDTH = 24;

export const startProgress = (total: number, stream: NodeJS.WriteStream = process.stderr): Progress => {
  const started = performance.now();
  let finished = 0;
  return {
    tick(label) {
      finished += 1;
      if (!stream.isTTY) {
        stream.write(`[${finished}/${total}] ${label}\n`);
        return;
      }
      const filled = Math.round((finished / total) * BAR_WIDTH);
      const rate = finished / ((performance.now() - started) / 1000);
      const bar = `${"█".repeat(filled)}${"░".repeat(BAR_WIDTH - filled)}`;
      const line = `${bar} ${finished}/${total}  ${rate.toFixed(1)} PDFs/s  ${label}`;
      stream.write(`\r\x1b[2K${line.slice(0, (stream.columns ?? 100) - 1)}`);
    },
    done() {
      if (stream.isTTY && finished > 0) stream.write("\r\x1b[2K");
    },
  };
};
