import { Elysia } from "elysia";
import { helpSearchQuerySchema } from "../../shared/chatbot";
import { parseInput } from "../http/parse-input";
import type { HelpCentre } from "./help-centre";

/** The help centre behind /support: every article, and the same search the assistant uses. */
export const helpRoutes = (help: HelpCentre) =>
  new Elysia({ prefix: "/help" })
    .get("/articles", () => help.articles)
    .get("/search", ({ query }) => help.searchHits(parseInput(helpSearchQuerySchema, query).q, 8));
