import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

// The web app's files, answered compressed and cached as a phone on a slow connection needs them:
// brotli or gzip by the browser's Accept-Encoding, hashed file names kept for a year, the page
// itself always asked again (so a new release shows at once).

/** Where `bun run build` puts the web app, beside the built server (see scripts/build.ts). */
export const BUILT_WEB_DIR = "public";

const COMPRESSIBLE = /^(text\/|application\/(javascript|json|manifest\+json)|image\/svg\+xml)/;
/** Bun's bundler names every chunk and asset with a content hash: `chunk-1axkwc2z.js`, `x-8fk5gsrc.woff2`. */
const HASHED_NAME = /-[a-z0-9]{8}\.[a-z0-9]+$/;
export const IMMUTABLE = "public, max-age=31536000, immutable";

type Encoding = "br" | "gzip";
type Variants = Record<Encoding, Uint8Array<ArrayBuffer>>;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compressed on a worker thread of zlib's, never on the request thread. Quality 9: brotli's 11 takes
 * seconds for the main chunk; `bun run build` writes those beside the bundle instead (see below).
 */
const compress = async (body: Uint8Array): Promise<Variants> => {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzipAsync(body, { level: 9 }),
  ]);
  return { br: new Uint8Array(br), gzip: new Uint8Array(gz) };
};

/** The `.br` and `.gz` files `bun run build` wrote beside a file of the built web app. */
const precompressed = (dir: string | undefined, path: string): Variants | undefined => {
  if (!dir || !HASHED_NAME.test(path)) return undefined;
  const file = join(dir, basename(path));
  if (!existsSync(`${file}.br`) || !existsSync(`${file}.gz`)) return undefined;
  return { br: new Uint8Array(readFileSync(`${file}.br`)), gzip: new Uint8Array(readFileSync(`${file}.gz`)) };
};

const preferredEncoding = (request: Request): Encoding | undefined => {
  const accepted = (request.headers.get("accept-encoding") ?? "").toLowerCase();
  if (/\bbr\b/.test(accepted)) return "br";
  if (/\bgzip\b/.test(accepted)) return "gzip";
  return undefined;
};

/**
 * Makes `answer` (the SPA server's) compressed and cacheable. Variants are kept by content hash:
 * the bundle does not change while the server runs, and every address of the page (`/programs`,
 * `/program/42`, …) is the same index.html, stored once.
 */
export const compressedAnswers = (builtWebDir?: string) => {
  const variants = new Map<string, Promise<Variants>>();

  const variantsOf = (path: string, body: Uint8Array) => {
    const key = Bun.hash(body).toString(36);
    let found = variants.get(key);
    if (!found) {
      const ready = precompressed(builtWebDir, path);
      found = ready ? Promise.resolve(ready) : compress(body);
      variants.set(key, found);
      found.catch(() => variants.delete(key));
    }
    return found;
  };

  return async (request: Request, answer: Response): Promise<Response> => {
    const headers = new Headers(answer.headers);
    const { pathname } = new URL(request.url);
    const type = headers.get("content-type") ?? "";
    // The page itself (any address that answers index.html) is checked again on every visit.
    headers.set("cache-control", HASHED_NAME.test(pathname) ? IMMUTABLE : "no-cache");
    if (answer.status !== 200 || !COMPRESSIBLE.test(type) || headers.has("content-encoding")) {
      return new Response(answer.body, { status: answer.status, headers });
    }
    headers.append("vary", "Accept-Encoding");
    const body = new Uint8Array(await answer.arrayBuffer());
    const encoding = preferredEncoding(request);
    if (!encoding || body.length < 1024) return new Response(body, { status: 200, headers });
    const compressed = (await variantsOf(pathname, body))[encoding];
    headers.set("content-encoding", encoding);
    headers.set("content-length", String(compressed.length));
    return new Response(request.method === "HEAD" ? null : compressed, { status: 200, headers });
  };
};

/**
 * The web app `bun run build` made: a file by its hashed name, and index.html for every other
 * address (the app's router reads it), as Bun answers an HTML import.
 */
export const serveBuiltWebApp = (dir: string) => {
  const index = readFileSync(join(dir, "index.html"));
  return {
    forward: async (request: Request) => {
      const name = basename(new URL(request.url).pathname);
      const file = Bun.file(join(dir, name));
      if (HASHED_NAME.test(name) && (await file.exists())) return new Response(file);
      return new Response(index, { headers: { "content-type": "text/html;charset=utf-8" } });
    },
    stop: async () => {},
  };
};

/** Writes `<file>.br` (brotli's best) and `<file>.gz` beside every compressible file of the built web app. */
export const precompressBundle = async (dir: string) => {
  const files = readdirSync(dir).filter(
    (name) => HASHED_NAME.test(name) && /\.(js|css|svg|json)$/.test(name),
  );
  for (const name of files) {
    const body = readFileSync(join(dir, name));
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([Bun.write(join(dir, `${name}.br`), br), Bun.write(join(dir, `${name}.gz`), gz)]);
  }
  return files.length;
};
