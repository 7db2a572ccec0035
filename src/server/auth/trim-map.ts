/** Keys a limiter keeps at most by default: a few MB whatever the traffic. */
export const DEFAULT_MAX_KEYS = 20_000;

/**
 * Keeps a limiter's map at `maxKeys` at most: stale entries go first, then the least recently
 * written (callers re-insert a key on every write, so Map order is write order). Dropping a key
 * only forgets counts, so a flood of new keys cannot grow memory without bound.
 */
export const trimMap = <V>(map: Map<string, V>, maxKeys: number, isStale: (value: V) => boolean) => {
  if (map.size <= maxKeys) return;
  for (const [key, value] of map) if (isStale(value)) map.delete(key);
  for (const key of map.keys()) {
    if (map.size <= maxKeys) break;
    map.delete(key);
  }
};
