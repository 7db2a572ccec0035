import { Elysia } from "elysia";
import { LIMITS } from "../../shared/constants";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { AppError } from "../errors";

/** Routes that take file uploads instead of JSON. */
export const MULTIPART_ROUTES = new Set(["/api/photos"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const ownOrigin = (request: Request, publicUrl?: string) =>
  publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;

const carriesSessionCookie = (request: Request) =>
  (request.headers.get("cookie") ?? "")
    .split(";")
    .some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));

/**
 * Whether a state change may go ahead. With an Origin, it must be ours. Without one, the browser's
 * Sec-Fetch-Site must say same-origin; a request with neither but a session cookie is refused, as
 * an old or odd browser page could send it. Requests with no cookie (curl, sign-in from a script,
 * API keys in Authorization) cannot ride a visitor's session and pass.
 */
const isSameSite = (request: Request, publicUrl?: string) => {
  const origin = request.headers.get("origin");
  if (origin) return origin === ownOrigin(request, publicUrl);
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite === "same-origin";
  return !carriesSessionCookie(request);
};

/** CSRF, content type and size rules for every API route. */
export const requestGuards = (publicUrl?: string) =>
  new Elysia({ name: "request-guards" })
    // Checked before Elysia reads the body, so a refused request costs nothing to parse.
    .onRequest(({ request }) => {
      if (SAFE_METHODS.has(request.method)) return;
      const length = Number(request.headers.get("content-length") ?? 0);
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      if (!hasBody) return;
      const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      const path = new URL(request.url).pathname.replace(/\/+$/, "");
      if (type === "multipart/form-data" && MULTIPART_ROUTES.has(path)) return;
      if (type !== "application/json") {
        throw new AppError(
          "UNSUPPORTED_MEDIA_TYPE",
          "Please send this request as JSON (Content-Type: application/json).",
        );
      }
      if (length > LIMITS.maxJsonBodyBytes) {
        throw new AppError("PAYLOAD_TOO_LARGE", "This request is too large: the limit is 5 MB.");
      }
    })
    .onBeforeHandle({ as: "global" }, ({ request }) => {
      if (SAFE_METHODS.has(request.method)) return;
      if (!isSameSite(request, publicUrl)) {
        throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
      }
    });
