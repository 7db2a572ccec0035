import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import { bearerKey } from "../auth/bearer";
import { FailureLimiter } from "../auth/failure-limiter";
import { rateLimitStore } from "../auth/rate-limit-store";
import { hashApiKey } from "./api-keys";

export type ApiKeyLimits = { requestsPerWindow: number; windowMs: number };

export const DEFAULT_API_KEY_LIMITS: ApiKeyLimits = { requestsPerWindow: 120, windowMs: 60_000 };

/**
 * Every request carrying a key counts against that key's budget (unknown keys too, which also
 * slows guessing); over it, 429 before anything else is done.
 */
export const apiKeyGuards = (db: AppDatabase, limits: ApiKeyLimits = DEFAULT_API_KEY_LIMITS) => {
  // The limiter counts events in a sliding window; here each request is one.
  const requests = new FailureLimiter(
    rateLimitStore(db, "api-key-requests"),
    limits.requestsPerWindow,
    limits.windowMs,
  );
  return new Elysia({ name: "api-key-guards" }).onRequest(async ({ request }) => {
    const key = bearerKey(request);
    if (key === undefined) return;
    await requests.takeOrThrow(
      hashApiKey(key),
      "Too many requests with this API key. Please slow down and try again shortly.",
    );
  });
};
