import { Elysia } from "elysia";
import { LIMITS } from "../../shared/constants";
import { bearerKey } from "../auth/bearer";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { AppError, notFound } from "../errors";

/** Routes that take file uploads instead of JSON. */
export const MULTIPART_ROUTES = new Set(["/api/photos"]);

/**
 * Routes that read their own body (`parse: "none"`) with their own limit: an upload, or a webhook
 * that must verify the raw bytes. Every other JSON body is read by the size-counting parser.
 */
export const RAW_BODY_ROUTES = new Set(["/api/photos", "/api/stripe/webhook"]);

/** The request's path as the route sets name it: "/api/photos/" is "/api/photos". */
const routePath = (request: Request) => new URL(request.url).pathname.replace(/\/+$/, "");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const MAX_MB = LIMITS.maxJsonBodyBytes / (1024 * 1024);
const tooLarge = () =>
  new AppError("PAYLOAD_TOO_LARGE", `This request is too large: the limit is ${MAX_MB} MB.`);

/**
 * Reads a JSON body counting the bytes as they arrive: a chunked body declares no length, so the
 * limit must hold on what is actually read, and reading stops as soon as it is passed.
 */
const readJsonBody = async (request: Request): Promise<unknown> => {
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    for await (const chunk of request.body) {
      total += chunk.byteLength;
      if (total > LIMITS.maxJsonBodyBytes) throw tooLarge();
      chunks.push(chunk);
    }
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("VALIDATION", "The request body could not be read: please send valid JSON.");
  }
};

/** The configured public origin, else the one the request was sent to. */
const ownOrigin = (request: Request, publicOrigin?: string) => publicOrigin ?? new URL(request.url).origin;

const carriesSessionCookie = (request: Request) =>
  (request.headers.get("cookie") ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * Whether a state change may go ahead. With an Origin, it must be ours. Without one, the browser's
 * Sec-Fetch-Site must say same-origin; a request with neither but a session cookie is refused, as
 * an old or odd browser page could send it. Requests with no cookie (curl, sign-in from a script)
 * cannot ride a visitor's session and pass.
 */
const isSameSite = (request: Request, publicOrigin?: string) => {
  const origin = request.headers.get("origin");
  if (origin) return origin === ownOrigin(request, publicOrigin);
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  return !carriesSessionCookie(request);
};

/** CSRF, content type and size rules for every API route. */
export const requestGuards = (publicUrl?: string) => {
  // Parsed once: every state-changing request compares its Origin with it.
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  return (
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
        if (length > LIMITS.maxJsonBodyBytes) throw tooLarge();
      })
      // Every JSON body goes through the counting reader. For a raw-body route a placeholder is
      // answered instead, which leaves its body unread for the route itself.
      .onParse({ as: "global" }, ({ request, contentType }) => {
        if (RAW_BODY_ROUTES.has(routePath(request))) return {};
        if (contentType.split(";")[0]?.trim().toLowerCase() === "application/json")
          return readJsonBody(request);
      })
      .onBeforeHandle({ as: "global" }, ({ request }) => {
        // A request with an API key is identified by the key alone, never by its cookie, and no other
        // site can make a browser send our key: it is not a CSRF vector.
        if (SAFE_METHODS.has(request.method) || bearerKey(request) !== undefined) return;
        if (!isSameSite(request, publicOrigin)) {
          throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
        }
      })
  );
};
