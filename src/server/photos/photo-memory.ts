import { dlopen, FFIType } from "bun:ffi";
import sharp from "sharp";

// Each photo is processed once: libvips' operation cache would only keep its memory after an upload.
sharp.cache(false);
// libvips threads per photo. Every thread that allocates gets its own malloc arena, which keeps
// what it freed; on a machine with many cores the default (one per core) multiplies that.
sharp.concurrency(Math.min(sharp.concurrency(), 2));

/**
 * Photos decoded at the same time. A 48 MP photo takes a few hundred MB while it is turned into
 * its master; more uploads than this wait their turn instead of adding to the peak (processing is
 * bound by the CPU, so on a 2-core machine waiting costs no throughput).
 */
export const PHOTOS_AT_ONCE = 2;

/** How long without photo work before memory is handed back (a burst of uploads is one event). */
const IDLE_BEFORE_RELEASE_MS = 1000;

const libc = (() => {
  try {
    return dlopen("libc.so.6", { malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 } });
  } catch {
    // Not glibc (musl, macOS): its allocator is left to itself; the collection below still runs.
    return undefined;
  }
})();

/**
 * Hands back what photo work left behind: a full collection frees the uploads' bodies and
 * buffers, and `malloc_trim` returns the free pages libvips' arenas keep to the system (without
 * it the server stayed at ~470 MB idle after twenty 48 MP uploads, started at ~185 MB).
 */
const releasePhotoMemory = () => {
  Bun.gc(true);
  libc?.symbols.malloc_trim(0);
};

/**
 * Runs photo work at most `atOnce` at a time and calls `release` once no photo work has run for
 * `idleMs`. The timer never keeps a finished process (a CLI command, a test) alive.
 */
export const photoTurns = ({
  atOnce = PHOTOS_AT_ONCE,
  idleMs = IDLE_BEFORE_RELEASE_MS,
  release = releasePhotoMemory,
}: {
  atOnce?: number;
  idleMs?: number;
  release?: () => void;
} = {}) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  let idleTimer: ReturnType<typeof setTimeout> | undefined;

  return async <T>(work: () => Promise<T>): Promise<T> => {
    clearTimeout(idleTimer);
    idleTimer = undefined;
    if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await work();
    } finally {
      // A waiting photo takes this turn over; `running` stays as it is.
      const next = waiting.shift();
      if (next) next();
      else running--;
      if (running === 0) {
        idleTimer = setTimeout(release, idleMs);
        idleTimer.unref();
      }
    }
  };
};
