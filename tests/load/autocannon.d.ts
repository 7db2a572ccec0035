// autocannon ships no types; the load test uses its programmatic API with its documented options.
declare module "autocannon" {
  const autocannon: (options: Record<string, unknown>) => Promise<{
    requests: { average: number; total: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
    timeouts: number;
  }>;
  export default autocannon;
}
