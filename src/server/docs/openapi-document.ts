import { z } from "zod";
import {
  createDocument,
  type ZodOpenApiOperationObject,
  type ZodOpenApiPathsObject,
  type ZodOpenApiResponseObject,
} from "zod-openapi";
import { apiErrorSchema } from "../../shared/api-answers";
import {
  pdfReadyDataSchema,
  programEventDataSchema,
  WEBHOOK_EVENTS,
  type WebhookEventType,
  webhookEventSchema,
} from "../../shared/integration";
import { SESSION_COOKIE } from "../auth/session-cookie";
import { type Access, type ErrorNote, OPERATIONS, type Operation } from "./operations";

const ERROR_MEANINGS: Record<number, string> = {
  304: "Not modified since the ETag sent in If-None-Match",
  400: "Invalid input: `fields` names every wrong field",
  401: "Not signed in, or the API key is unknown or revoked",
  402: "Not in your plan: `requiredPlan` names the plan that includes it (with an API key: API access)",
  403: "Refused: an API key on a route for signed-in browsers, or another site's Origin",
  404: "Not found (also another account's record)",
  409: "Conflict",
  413: "The body is too large",
  415: "The body is not JSON",
  429: "Too many requests: wait Retry-After seconds",
  503: "Printing is unavailable on this server (no Chromium)",
};

const SECURITY: Record<Access, ZodOpenApiOperationObject["security"]> = {
  public: [],
  session: [{ session: [] }],
  "session-or-key": [{ session: [] }, { apiKey: [] }],
};

/** `/api/programs/:id` → `/api/programs/{id}`; a module's `/api/programs/` is `/api/programs`. */
export const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/(.)\/$/, "$1");

const pathParams = (path: string) => {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  return names.length ? z.object(Object.fromEntries(names.map((n) => [n, z.string()]))) : undefined;
};

/** Each failure the operation can answer, with what it means there. */
const errorAnswers = (op: Operation): ErrorNote[] => {
  const notes = new Map<number, string | undefined>();
  const add = (status: number, description?: string) => {
    if (!notes.get(status)) notes.set(status, description);
  };
  for (const error of op.errors ?? []) {
    if (typeof error === "number") add(error);
    else add(error.status, error.description);
  }
  if (op.body) for (const status of [400, 413, 415]) add(status);
  if (op.query) add(400);
  if (op.access !== "public") add(401);
  if (op.access === "session") add(403);
  if (op.access === "session-or-key") for (const status of [402, 429]) add(status);
  return [...notes]
    .sort(([a], [b]) => a - b)
    .map(([status, description]) => ({
      status,
      description: description ?? ERROR_MEANINGS[status] ?? "Error",
    }));
};

const toOperation = (op: Operation): ZodOpenApiOperationObject => {
  const responses: Record<string, ZodOpenApiResponseObject> = {};
  for (const answer of [op.answer, ...(op.otherAnswers ?? [])]) {
    responses[answer.status] = {
      description: answer.description,
      content: {
        [answer.contentType ?? "application/json"]: {
          schema: answer.schema ?? z.string().meta({ format: "binary" }),
          ...(answer.example === undefined ? {} : { example: answer.example }),
        },
      },
    };
  }
  for (const { status, description } of errorAnswers(op)) {
    responses[status] =
      status < 400
        ? { description }
        : { description, content: { "application/json": { schema: apiErrorSchema } } };
  }
  const params = pathParams(op.path);
  return {
    tags: [op.tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: SECURITY[op.access],
    ...(params || op.query
      ? { requestParams: { ...(params ? { path: params } : {}), ...(op.query ? { query: op.query } : {}) } }
      : {}),
    ...(op.body
      ? {
          requestBody: {
            required: true,
            content: {
              [op.body.contentType ?? "application/json"]: {
                schema: op.body.schema,
                ...(op.body.example === undefined ? {} : { example: op.body.example }),
              },
            },
          },
        }
      : {}),
    responses: responses as ZodOpenApiOperationObject["responses"],
  };
};

const EVENT_DATA: Record<WebhookEventType, z.ZodType> = {
  "program.created": programEventDataSchema,
  "program.updated": programEventDataSchema,
  "pdf.ready": pdfReadyDataSchema,
};

/** What Keepsake posts to a registered endpoint, one entry per event type. */
const webhookDocs = (): ZodOpenApiPathsObject =>
  Object.fromEntries(
    WEBHOOK_EVENTS.map((type) => [
      type,
      {
        post: {
          summary: `${type}, posted to each of the account's endpoints`,
          requestParams: {
            header: z.object({
              "keepsake-signature": z.string().meta({
                description:
                  't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint\'s secret>',
              }),
              "keepsake-event": z.literal(type),
              "keepsake-delivery": z.string().meta({ description: "The delivery's id" }),
            }),
          },
          requestBody: {
            content: { "application/json": { schema: webhookEventSchema(type, EVENT_DATA[type]) } },
          },
          responses: {
            "200": { description: "Any 2xx within 10 s; anything else is retried with growing waits" },
          },
        },
      },
    ]),
  );

/** The OpenAPI 3.1 document of the whole API, built from the routes' own zod schemas. */
export const createOpenApiDocument = (serverUrl?: string) => {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) {
    const path = toOpenApiPath(op.path);
    paths[path] = { ...paths[path], [op.method]: toOperation(op) };
  }
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Keepsake API",
      version: "1.0.0",
      description:
        "Memorial programs for families and funeral homes. Sign in on the website for a session cookie, or " +
        "create an API key on the Funeral Home Integration page and send it as `Authorization: Bearer ks_live_…` " +
        "(programs, batch, photos and PDFs). Errors answer `{ message, code, fields? }`.",
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    components: {
      securitySchemes: {
        session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE, description: "The website's session" },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description: "An API key from the Funeral Home Integration page",
        },
      },
    },
    paths,
    webhooks: webhookDocs(),
  });
};
