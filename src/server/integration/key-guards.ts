import { Elysia } from "elysia";
import { bearerKey } from "../auth/bearer";
import { FailureLimiter } from "../auth/failure-limiter";
import { AppError } from "../errors";
import { hashApiKey } from "./api-keys";

export type ApiKeyLimits = { requestsPerWindow: number; windowMs: number };

export const DEFAULT_API_KEY_LIMITS: ApiKeyLimits = { requestsPerWindow: 120, windowMs: 60_000 };

/**
 * Paths no key may reach whichever module serves them: billing belongs to the account's owner
 * signed in on the website. Routes elsewhere refuse keys with `{ auth: "session" }`.
 */
const KEY_REFUSED_PATH_PREFIXES = ["/api/subscription"];

/**
 * Every request carrying a key counts against that key's budget (unknown keys too, which also
 * slows guessing); over it, 429 before anything else is done.
 */
export const apiKeyGuards = (limits: ApiKeyLimits = DEFAULT_API_KEY_LIMITS) => {
  // The limiter counts events in a sliding window; here each request is one.
  const requests = new FailureLimiter(limits.requestsPerWindow, limits.windowMs);
  const retryAfterSeconds = Math.ceil(limits.windowMs / 1000);
  return new Elysia({ name: "api-key-guards" }).onRequest(({ request }) => {
    const key = bearerKey(request);
    if (key === undefined) return;
    const path = new URL(request.url).pathname;
    if (KEY_REFUSED_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
      throw new AppError(
        "FORBIDDEN",
        "API keys cannot be used for billing: please sign in to Keepsake instead.",
      );
    }
    if (!requests.tryTake(hashApiKey(key))) {
      throw new AppError(
        "RATE_LIMITED",
        "Too many requests with this API key. Please slow down and try again shortly.",
        undefined,
        retryAfterSeconds,
      );
    }
  });
};
