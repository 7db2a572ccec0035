import { Elysia } from "elysia";
import type { AppDatabase } from "../../../db/client";
import {
  adjustToneRequestSchema,
  checkGrammarRequestSchema,
  enhanceRequestSchema,
  generateTemplateRequestSchema,
} from "../../shared/writing";
import { authPlugin } from "../auth/plugin";
import type { Config } from "../config";
import { parseInput } from "../http/parse-input";
import { createWritingProvider } from "./create-writing-provider";
import { warmHarper } from "./harper-linter";

/** The AI writing helper (spec 7) for signed-in users; offline unless a model is configured. */
export const writingRoutes = (db: AppDatabase, config: Config) => {
  const provider = createWritingProvider(config);
  warmHarper();
  return new Elysia({ prefix: "/writing" })
    .use(authPlugin(db))
    .post(
      "/check-grammar",
      ({ body }) => provider.checkGrammar(parseInput(checkGrammarRequestSchema, body)),
      {
        auth: "session",
      },
    )
    .post("/enhance", ({ body }) => provider.enhance(parseInput(enhanceRequestSchema, body)), {
      auth: "session",
    })
    .post("/adjust-tone", ({ body }) => provider.adjustTone(parseInput(adjustToneRequestSchema, body)), {
      auth: "session",
    })
    .post(
      "/generate-template",
      ({ body }) => provider.generateTemplate(parseInput(generateTemplateRequestSchema, body)),
      { auth: "session" },
    );
};
