import { Elysia } from "elysia";
import { LIMITS } from "../../shared/constants";
import { bearerKey } from "../auth/bearer";
import { AppError } from "../errors";

/** Routes that take file uploads instead of JSON. */
export const MULTIPART_ROUTES = new Set(["/api/photos"]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const ownOrigin = (request: Request, publicUrl?: string) =>
  publicUrl ? new URL(publicUrl).origin : new URL(request.url).origin;

/**
 * CSRF, content type and size rules for every API route. A request with no Origin (curl, the CLI)
 * is not a CSRF vector; a browser always sends Origin on cross-site state changes. Neither is a
 * request with an API key: it is never identified by its cookie, and no site can make a browser
 * send our key.
 */
export const requestGuards = (publicUrl?: string) =>
  new Elysia({ name: "request-guards" })
    // Checked before Elysia reads the body, so a refused request costs nothing to parse.
    .onRequest(({ request }) => {
      if (SAFE_METHODS.has(request.method)) return;
      const length = Number(request.headers.get("content-length") ?? 0);
      const hasBody = length > 0 || request.headers.has("transfer-encoding");
      if (!hasBody) return;
      const type = (request.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
      if (type === "multipart/form-data" && MULTIPART_ROUTES.has(new URL(request.url).pathname)) return;
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
      if (SAFE_METHODS.has(request.method) || bearerKey(request) !== undefined) return;
      const origin = request.headers.get("origin");
      if (origin && origin !== ownOrigin(request, publicUrl)) {
        throw new AppError("FORBIDDEN", "This request came from another site and was refused.");
      }
    });
