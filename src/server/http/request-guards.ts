import { Elysia } from "elysia";
import { LIMITS } from "../../shared/constants";
import { bearerKey } from "../auth/bearer";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { AppError, notFound } from "../errors";
import type { OwnOrigin } from "./own-origin";

/** Routes that take file uploads instead of JSON. */
const MULTIPART_ROUTES = new Set(["/api/photos"]);

/**
 * Routes that read their own body (`parse: "none"`) with their own limit: an upload, or a webhook
 * that must verify the raw bytes. Every other JSON body is read by the size-counting parser.
 */
const RAW_BODY_ROUTES = new Set(["/api/photos", "/api/stripe/webhook"]);

/** The request's path as the route sets name it: "/api/photos/" is "/api/photos". */
const routePath = (request: Request) => new URL(request.url).pathname.replace(/\/+$/, "");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const MAX_MB = LIMITS.maxJsonBodyBytes / (1024 * 1024);
const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `This request is too large: the limit is ${MAX_MB} MB.`);

const carriesSessionCookie = (request: Request) =>
  (request.headers.get("cookie") ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * A body anybody can send before signing in (sign-in, register, chat, error reports, or any request
 * with no session or key) is a form or a message: 64 KB is far more than any needs, and holding
 * visitors to it keeps their requests cheap.
 */
const SIGNED_OUT_BODY_BYTES = 64 * 1024;
const SIGNED_OUT_PREFIXES = ["/api/auth/", "/api/chatbot/"];

/**
 * JSON bodies read at once, server-wide: each is held in memory while it arrives, so past this a
 * request is answered 503 with Retry-After and its client tries again, rather than the server
 * holding hundreds of slow bodies.
 */
export const MAX_BODIES_READING = 64;
let bodiesReading = 0;

const jsonBodyLimit = (request: Request) => {
  const path = `${routePath(request)}/`;
  const signedOut =
    SIGNED_OUT_PREFIXES.some((prefix) => path.startsWith(prefix)) ||
    (!carriesSessionCookie(request) && bearerKey(request) === undefined);
  return signedOut ? SIGNED_OUT_BODY_BYTES : LIMITS.maxJsonBodyBytes;
};

const tooLargeFor = (limit: number) =>
  limit === SIGNED_OUT_BODY_BYTES
    ? new AppError(
        "PAYLOAD_TOO_LARGE",
        `This request is too large: the limit is ${SIGNED_OUT_BODY_BYTES / 1024} KB here, or before signing in.`,
      )
    : tooLarge();

/**
 * Reads a JSON body counting the bytes as they arrive: a chunked body declares no length, so the
 * limit must hold on what is actually read, and reading stops as soon as it is passed.
 */
const readJsonBody = async (request: Request): Promise<unknown> => {
  if (bodiesReading >= MAX_BODIES_READING)
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "We are very busy right now. Please try again in a moment; nothing was changed.",
      undefined,
      1,
    );
  bodiesReading++;
  try {
    return parseJson(await readCounted(request, jsonBodyLimit(request)));
  } finally {
    bodiesReading--;
  }
};

const readCounted = async (request: Request, limit: number) => {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      total += chunk.byteLength;
      if (total > limit) throw tooLargeFor(limit);
      chunks.push(chunk);
    }
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
};

const parseJson = (text: string): unknown => {
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body could not be read: please send valid JSON.");
  }
};

/**
 * Whether a state change may go ahead. With an Origin, it must be one of ours (from the
 * configuration: a page served under another name, as a rebound DNS name would, is foreign).
 * Without one, the browser's Sec-Fetch-Site must say same-origin for a Host that is ours; a
 * request with neither but a session cookie is refused, as an old or odd browser page could send
 * it. Requests with no cookie (curl, sign-in from a script) cannot ride a visitor's session and pass.
 */
const isSameSite = (request: Request, own: OwnOrigin) => {
  const origin = request.headers.get("origin");
  if (origin) return own.accepts(origin);
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin" && own.acceptsHost(request.headers.get("host") ?? "");
  return !carriesSessionCookie(request);
};

/** CSRF, content type and size rules for every API route. */
export const requestGuards = (own: OwnOrigin) =>
  new Elysia({ name: "request-guards" })
    // Checked before Elysia reads the body, so a refused request costs nothing to parse.
    .onRequest(({ request }) => {
      // No stored id holds U+0000 (PostgreSQL cannot store it in text): such a path names nothing.
      if (new URL(request.url).pathname.includes("%00")) throw notFound();
      if (SAFE_METHODS.has(request.method)) return;
      const length = Number(request.headers.get("content-length") ?? 0);
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      if (!hasBody) return;
      const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (type === "multipart/form-data" && MULTIPART_ROUTES.has(routePath(request))) return;
      if (type !== "application/json") {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Please send this request as JSON (Content-Type: application/json).",
        );
      }
      const limit = jsonBodyLimit(request);
      if (length > limit) throw tooLargeFor(limit);
    })
    // Every JSON body goes through the counting reader. For a raw-body route a placeholder is
    // answered instead, which leaves its body unread for the route itself.
    .onParse({ as: "global" }, ({ request, contentType }) => {
      if (RAW_BODY_ROUTES.has(routePath(request))) return {};
      if (contentType.split(";")[0]?.trim().toLowerCase() === "application/json")
        return readJsonBody(request);
      return undefined; // any other body is left to Elysia's own parsers
    })
    .onBeforeHandle({ as: "global" }, ({ request }) => {
      // A request with an API key is identified by the key alone, never by its cookie, and no other
      // site can make a browser send our key: it is not a CSRF vector.
      if (SAFE_METHODS.has(request.method) || bearerKey(request) !== undefined) return;
      if (!isSameSite(request, own)) {
        throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
      }
    });
