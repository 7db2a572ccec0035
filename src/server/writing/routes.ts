import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import {
  adjustToneRequestSchema,
  checkGrammarRequestSchema,
  enhanceRequestSchema,
  generateTemplateRequestSchema,
  type WritingStatus,
} from "../../shared/writing";
import { FailureLimiter } from "../auth/failure-limiter";
import { authPlugin } from "../auth/plugin";
import { rateLimitStore } from "../auth/rate-limit-store";
import { type Config, isBillingEnabled } from "../config";
import { parseInput } from "../http/parse-input";
import { createWritingProvider } from "./create-writing-provider";
import { warmGrammarChecker } from "./harper-linter";

const MINUTE_MS = 60_000;

const TOO_MANY_WRITING_CALLS =
  "You are using the writing helper faster than it can answer. Please wait a minute and try again.";

/**
 * The AI writing helper for signed-in users; offline unless a model is configured. Each user gets
 * WRITING_CALLS_PER_MINUTE calls a minute: every call costs CPU (the grammar checker) or money (a model).
 */
export const writingRoutes = (db: AppDatabase, config: Config) => {
  const provider = createWritingProvider(config);
  const limiter = new FailureLimiter(
    rateLimitStore(db, "writing-calls"),
    config.WRITING_CALLS_PER_MINUTE,
    MINUTE_MS,
  );
  // Counted as the call arrives, so a burst of parallel calls cannot slip past.
  const limited = (userId: string) => limiter.takeOrThrow(userId, TOO_MANY_WRITING_CALLS);
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
      async ({ body, user }) => {
        await limited(user.id);
        return provider.checkGrammar(parseInput(checkGrammarRequestSchema, body));
      },
      { auth: "session" },
    )
    .post(
      "/enhance",
      async ({ body, user }) => {
        await limited(user.id);
        return provider.enhance(parseInput(enhanceRequestSchema, body));
      },
      { auth: "session" },
    )
    .post(
      "/adjust-tone",
      async ({ body, user }) => {
        await limited(user.id);
        return provider.adjustTone(parseInput(adjustToneRequestSchema, body));
      },
      { auth: "session" },
    )
    .post(
      "/generate-template",
      async ({ body, user }) => {
        await limited(user.id);
        return provider.generateTemplate(parseInput(generateTemplateRequestSchema, body));
      },
      { auth: "session" },
    );
};
