// Timing helpers shared by the benchmarks (they print figures; tests never assert on time).

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Milliseconds one run of `work` takes. */
export const time = async (work: () => Promise<unknown>) => {
  const start = performance.now();
  await work();
  return performance.now() - start;
};

/** The median of `runs` timings of `work`, in milliseconds. */
export const medianTime = async (runs: number, work: () => Promise<unknown>) => {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await time(work));
  return median(samples);
};
