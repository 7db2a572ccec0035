import { Elysia } from "elysia";
import { z } from "zod";
import { parseInput } from "../http/parse-input";
import type { HelpCentre } from "./help-centre";

const searchQuery = z.object({
  q: z
    .string({ error: "q is required" })
    .trim()
    .min(1, "q is required")
    .max(200, "q must be at most 200 characters"),
});

/** The help centre behind /support: every article, and the same search the assistant uses. */
export const helpRoutes = (help: HelpCentre) =>
  new Elysia({ prefix: "/help" })
    .get("/articles", () => help.articles)
    .get("/search", ({ query }) => help.searchHits(parseInput(searchQuery, query).q, 8));
