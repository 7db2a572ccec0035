import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import {
  adjustToneRequestSchema,
  checkGrammarRequestSchema,
  enhanceRequestSchema,
  generateTemplateRequestSchema,
  type WritingStatus,
} from "../../shared/writing";
import { authPlugin } from "../auth/plugin";
import { type Config, isBillingEnabled } from "../config";
import { AppError } from "../errors";
import { parseInput } from "../http/parse-input";
import { CallLimiter } from "./call-limiter";
import { createWritingProvider } from "./create-writing-provider";
import { warmGrammarChecker } from "./harper-linter";

const MINUTE_MS = 60_000;

export const TOO_MANY_WRITING_CALLS =
  "You are using the writing helper faster than it can answer. Please wait a minute and try again.";

/**
 * The AI writing helper for signed-in users; offline unless a model is configured. Each user gets
 * WRITING_CALLS_PER_MINUTE calls a minute: every call costs CPU (the grammar checker) or money (a model).
 */
export const writingRoutes = (db: AppDatabase, config: Config) => {
  const provider = createWritingProvider(config);
  const limiter = new CallLimiter(config.WRITING_CALLS_PER_MINUTE, MINUTE_MS);
  const limited = (userId: string, headers: Record<string, string | number>) => {
    const waitMs = limiter.take(userId);
    if (waitMs === 0) return;
    headers["retry-after"] = String(Math.ceil(waitMs / 1000));
    throw new AppError("RATE_LIMITED", TOO_MANY_WRITING_CALLS);
  };
  const status: WritingStatus = config.OPENAI_API_KEY
    ? { mode: "model", model: config.OPENAI_MODEL }
    : { mode: "offline" };
  return new Elysia({ prefix: "/writing" })
    .use(authPlugin(db, isBillingEnabled(config)))
    .get(
      "/status",
      () => {
        // The tab asks for the status when it opens: the time to start the grammar checker.
        warmGrammarChecker();
        return status;
      },
      { auth: "session" },
    )
    .post(
      "/check-grammar",
      ({ body, user, set }) => {
        limited(user.id, set.headers);
        return provider.checkGrammar(parseInput(checkGrammarRequestSchema, body));
      },
      { auth: "session" },
    )
    .post(
      "/enhance",
      ({ body, user, set }) => {
        limited(user.id, set.headers);
        return provider.enhance(parseInput(enhanceRequestSchema, body));
      },
      { auth: "session" },
    )
    .post(
      "/adjust-tone",
      ({ body, user, set }) => {
        limited(user.id, set.headers);
        return provider.adjustTone(parseInput(adjustToneRequestSchema, body));
      },
      { auth: "session" },
    )
    .post(
      "/generate-template",
      ({ body, user, set }) => {
        limited(user.id, set.headers);
        return provider.generateTemplate(parseInput(generateTemplateRequestSchema, body));
      },
      { auth: "session" },
    );
};
