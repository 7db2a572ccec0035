// Every public endpoint with the zod schemas its route validates with and answers. The OpenAPI
// document is generated from this list; a test checks it against the routes the server registers
// and every example against its schema, so neither can drift from the code.
import { z } from "zod";
import { PDF_VARIANTS } from "../../print/render-program-pdf";
import {
  billingPortalAnswerSchema,
  checkoutAnswerSchema,
  createdProgramSchema,
  messageAnswerSchema,
  okSchema,
  pdfPreparingSchema,
  printJobStartedSchema,
  printJobStatusSchema,
  stripeWebhookAnswerSchema,
  uploadedPhotoSchema,
} from "../../shared/api-answers";
import {
  CHAT_LIMITS,
  chatSessionSchema,
  chatSuggestionsQuerySchema,
  chatSuggestionsSchema,
  comfortRequestSchema,
  comfortResponseSchema,
  createChatSessionSchema,
  createdChatSessionSchema,
  EMOTIONAL_CHAT_TITLE,
  errorReportResponseSchema,
  errorReportSchema,
  helpArticleSchema,
  helpSearchHitSchema,
  helpSearchQuerySchema,
  SUPPORT_CHAT_TITLE,
  sendChatMessageSchema,
  sendMessageResponseSchema,
  writingPromptsQuerySchema,
  writingPromptsResponseSchema,
} from "../../shared/chatbot";
import {
  apiKeySummarySchema,
  createApiKeySchema,
  createdApiKeySchema,
  createdWebhookSchema,
  createWebhookSchema,
  importCommitSchema,
  importPreviewSchema,
  importRequestSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
} from "../../shared/integration";
import { sampleProgram } from "../../shared/sample-program";
import {
  aiResultSchema,
  apiKeyCountSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutEverywhereAnswerSchema,
  logoutEverywhereSchema,
  programInputSchema,
  programSchema,
  programSummarySchema,
  programUpdateSchema,
  registerSchema,
  resetPasswordAnswerSchema,
  resetPasswordSchema,
  revokedApiKeysSchema,
  sessionAnswerSchema,
  subscriptionInfoSchema,
  subscriptionRequestSchema,
  userSchema,
} from "../../shared/schemas";
import {
  adjustToneRequestSchema,
  checkGrammarRequestSchema,
  enhanceRequestSchema,
  generateTemplateRequestSchema,
  writingStatusSchema,
} from "../../shared/writing";
import { FORGOT_PASSWORD_ANSWER } from "../auth/password-reset";
import { batchPayloadSchema } from "../batch/service";
import { photoQuerySchema } from "../photos/routes";
import { batchPdfQuerySchema, pdfQuerySchema } from "../print/pdf-query";

/** Who may call: anyone, a signed-in browser only, or a browser or an API key. */
export type Access = "public" | "session" | "session-or-key";

type Body = {
  schema: z.ZodType;
  example?: unknown;
  contentType?: "application/json" | "multipart/form-data";
};
type Answer = {
  status: number;
  description: string;
  schema?: z.ZodType;
  example?: unknown;
  /** application/json unless said otherwise. */
  contentType?: string;
};

export type Operation = {
  method: "get" | "post" | "put" | "delete";
  /** As the server registers it, e.g. `/api/programs/:id`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  query?: z.ZodObject;
  body?: Body;
  answer: Answer;
  /** Further successful answers, e.g. 202 while a PDF is being prepared. */
  otherAnswers?: Answer[];
  /** Failures beyond those every call of its access and body can meet; a note says what this one means. */
  errors?: (number | ErrorNote)[];
};

export type ErrorNote = { status: number; description: string };

const ISO_TIME = "2025-03-08T09:30:00.000Z";
const PROGRAM_ID = "5b0f7a2e-3d7c-4b8e-9a51-2f6c1d0e8a47";
const PRINT_JOB_ID = "c3a1e7d2-8f4b-4c6a-9e0d-1b2f3a4c5d6e";
const program = { ...sampleProgram(), id: PROGRAM_ID, version: 1, createdAt: ISO_TIME, updatedAt: ISO_TIME };
const service = (fullName: string, serviceDate: string) => ({
  fullName,
  birthDate: "1931-04-12",
  passingDate: "2025-02-28",
  serviceDate,
  location: "St. Andrew's Chapel",
});
const account = { firstName: "Margaret", lastName: "Ellison", email: "margaret@example.com" };
const user = {
  id: "0d1f…",
  ...account,
  subscriptionTier: "free",
  trialStartedAt: ISO_TIME,
  trialEndsAt: "2025-03-22T09:30:00.000Z",
  billingEnabled: true,
};
const aiResult = {
  improvedText: "She kept a garden that fed half the street.",
  confidence: 0.9,
  grammarIssues: [],
  suggestions: [],
};
const keySummary = {
  id: "8c2d…",
  name: "Case system",
  prefix: "ks_live_Q3vZ",
  createdAt: ISO_TIME,
  lastUsedAt: null,
  revokedAt: null,
};

const PDF = "application/pdf";
const SESSION_ID = "c4d5e6f7-…";
const PLAN_REFUSAL: ErrorNote = {
  status: 402,
  description: "Not in your plan: `requiredPlan` names the plan that includes it",
};
const BILLING_OFF: ErrorNote = {
  status: 503,
  description: "Payments are not set up on this server, or Stripe could not complete the call",
};
const CHAT_RATE_LIMIT: ErrorNote = {
  status: 429,
  description: "Too many chat requests from this person or address: wait a minute",
};
const NO_SUCH_CHAT: ErrorNote = { status: 404, description: "No such chat session (also another person's)" };
const welcome = {
  id: "e1f2…",
  role: "assistant",
  content:
    "Hello, I'm the Keepsake Support Assistant. Ask me anything about building a program, photos, printing or your account, and I'll find the answer in our help centre.",
  timestamp: ISO_TIME,
} as const;
const printAtHome = {
  slug: "printing-at-home",
  title: "Printing at home",
  summary: "Print a folded booklet on your own printer with ordinary letter paper.",
};
const WEBHOOK = { id: "7a8b…", url: "https://cases.example.com/keepsake-events", createdAt: ISO_TIME };
const CASES_CSV =
  "Decedent First Name,Decedent Last Name,Date of Birth,Service Date\nEleanor,Whitfield,4/12/1931,3/14/2025 11:00 AM\n";
const CASES_MAPPING = {
  "Decedent First Name": "fullName",
  "Decedent Last Name": "fullName",
  "Date of Birth": "birthDate",
  "Service Date": "serviceDate",
} as const;

export const OPERATIONS: Operation[] = [
  {
    method: "get",
    path: "/api/health",
    tag: "Service",
    summary: "Whether the server and its database answer",
    access: "public",
    answer: { status: 200, description: "Healthy", example: { ok: true } },
  },
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "Service",
    summary: "This document",
    access: "public",
    answer: { status: 200, description: "The OpenAPI 3.1 document" },
  },
  {
    method: "get",
    path: "/api/docs",
    tag: "Service",
    summary: "This document in a reference viewer",
    access: "public",
    answer: { status: 200, description: "An HTML page", contentType: "text/html" },
  },
  {
    method: "get",
    path: "/api/docs/viewer.js",
    tag: "Service",
    summary: "The reference viewer's script, served from this server",
    access: "public",
    answer: { status: 200, description: "JavaScript", contentType: "text/javascript" },
  },
  {
    method: "get",
    path: "/api/docs/start.js",
    tag: "Service",
    summary: "Starts the reference viewer on its page",
    access: "public",
    answer: { status: 200, description: "JavaScript", contentType: "text/javascript" },
  },
  // ------------------------------------------------------------ account
  {
    method: "post",
    path: "/api/register",
    tag: "Account",
    summary: "Create an account (14-day trial) and sign in",
    access: "public",
    body: { schema: registerSchema, example: { ...account, password: "a long passphrase" } },
    answer: {
      status: 201,
      description: "The new user; a session cookie is set",
      schema: userSchema,
      example: user,
    },
    errors: [409, 429],
  },
  {
    method: "post",
    path: "/api/login",
    tag: "Account",
    summary: "Sign in",
    access: "public",
    body: { schema: loginSchema, example: { email: account.email, password: "a long passphrase" } },
    answer: {
      status: 200,
      description: "The user; a session cookie is set",
      schema: userSchema,
      example: user,
    },
    errors: [401, 429],
  },
  {
    method: "post",
    path: "/api/logout",
    tag: "Account",
    summary: "Sign out",
    access: "public",
    answer: { status: 200, description: "Signed out", schema: okSchema, example: { ok: true } },
  },
  {
    method: "post",
    path: "/api/logout/everywhere",
    tag: "Account",
    summary: "Sign out on every device, this one included",
    description: "API keys keep working unless `revokeApiKeys` is true: then every key is revoked too.",
    access: "session",
    body: { schema: logoutEverywhereSchema, example: { revokeApiKeys: true } },
    answer: {
      status: 200,
      description: "Every session ended; how many API keys were revoked",
      schema: logoutEverywhereAnswerSchema,
      example: { ok: true, revokedApiKeys: 2 },
    },
  },
  {
    method: "post",
    path: "/api/password/forgot",
    tag: "Account",
    summary: "Email a link to set a new password",
    description:
      "The answer is the same whether or not an account uses the email, so nobody learns which emails have accounts. " +
      "The link works once, for one hour.",
    access: "public",
    body: { schema: forgotPasswordSchema, example: { email: account.email } },
    answer: {
      status: 200,
      description: "Always this message",
      schema: messageAnswerSchema,
      example: { message: FORGOT_PASSWORD_ANSWER },
    },
    errors: [
      {
        status: 429,
        description: "Too many reset emails asked for from this address: wait Retry-After seconds",
      },
    ],
  },
  {
    method: "post",
    path: "/api/password/reset",
    tag: "Account",
    summary: "Set a new password with the emailed token, and sign in",
    description:
      "Every other session of the account ends, and API keys made in the 24 hours before are revoked " +
      "(`revokedApiKeys`: how many). Older keys keep working: see `/api/auth/api-keys`.",
    access: "public",
    body: {
      schema: resetPasswordSchema,
      example: { token: "n4Xq2c…the token from the emailed link", password: "a new long passphrase" },
    },
    answer: {
      status: 200,
      description: "The user; a session cookie is set",
      schema: resetPasswordAnswerSchema,
      example: { ...user, revokedApiKeys: 0 },
    },
  },
  {
    method: "get",
    path: "/api/auth/user",
    tag: "Account",
    summary: "The signed-in user",
    access: "session",
    answer: { status: 200, description: "The user", schema: userSchema, example: user },
  },
  {
    method: "get",
    path: "/api/auth/session",
    tag: "Account",
    summary: "Who is signed in in this browser: the user, or null (never a 401)",
    access: "public",
    answer: { status: 200, description: "The user or null", schema: sessionAnswerSchema, example: { user } },
  },
  {
    method: "get",
    path: "/api/auth/api-keys",
    tag: "Account",
    summary: "How many of your API keys still work",
    access: "session",
    answer: { status: 200, description: "Active keys", schema: apiKeyCountSchema, example: { active: 2 } },
  },
  {
    method: "post",
    path: "/api/auth/api-keys/revoke",
    tag: "Account",
    summary: "Revoke every API key of the account in one step",
    access: "session",
    answer: {
      status: 200,
      description: "How many keys were revoked",
      schema: revokedApiKeysSchema,
      example: { revoked: 2 },
    },
  },
  // ------------------------------------------------------------ programs
  {
    method: "get",
    path: "/api/programs",
    tag: "Programs",
    summary: "List your programs, newest first",
    access: "session-or-key",
    answer: { status: 200, description: "Program summaries", schema: programSummarySchema.array() },
  },
  {
    method: "post",
    path: "/api/programs",
    tag: "Programs",
    summary: "Create a program",
    description: "Every field is optional and takes the builder's default.",
    access: "session-or-key",
    body: { schema: programInputSchema, example: sampleProgram() },
    answer: { status: 201, description: "The program", schema: programSchema, example: program },
  },
  {
    method: "get",
    path: "/api/programs/:id",
    tag: "Programs",
    summary: "Read one of your programs",
    access: "session-or-key",
    answer: { status: 200, description: "The program", schema: programSchema, example: program },
    errors: [404],
  },
  {
    method: "put",
    path: "/api/programs/:id",
    tag: "Programs",
    summary: "Replace one of your programs",
    description:
      "Send the `version` you read: when someone saved a newer one meanwhile the answer is 409 with the stored program in `current`, and nothing is overwritten. Without `version` the save replaces whatever is stored.",
    access: "session-or-key",
    body: { schema: programUpdateSchema, example: { ...sampleProgram(), version: 1 } },
    answer: {
      status: 200,
      description: "The program, its version raised by one",
      schema: programSchema,
      example: { ...program, version: 2 },
    },
    errors: [404, 409],
  },
  {
    method: "delete",
    path: "/api/programs/:id",
    tag: "Programs",
    summary: "Delete one of your programs",
    access: "session-or-key",
    answer: { status: 200, description: "Deleted", schema: okSchema, example: { ok: true } },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/programs/batch",
    tag: "Programs",
    summary: "Create many programs at once, all or none",
    description:
      "Every item is checked first; one bad item answers 400 naming `item N: field` and creates nothing.",
    access: "session-or-key",
    body: {
      schema: batchPayloadSchema,
      example: [service("Eleanor Whitfield", "2025-03-14T11:00"), service("José Núñez", "2025-03-15T14:30")],
    },
    answer: {
      status: 201,
      description: "The created programs' ids and names, in order",
      schema: createdProgramSchema.array(),
      example: [
        { id: PROGRAM_ID, fullName: "Eleanor Whitfield" },
        { id: "9b2e…", fullName: "José Núñez" },
      ],
    },
  },
  // ------------------------------------------------------------ PDFs
  {
    method: "get",
    path: "/api/programs/:id/pdf",
    tag: "PDFs",
    summary: "Print one program",
    description: `Variants: ${PDF_VARIANTS.join(", ")}. With cmyk=1 the first answers are 202 until the conversion is done.`,
    access: "session-or-key",
    query: pdfQuerySchema,
    answer: { status: 200, description: "The PDF", contentType: PDF },
    otherAnswers: [
      {
        status: 202,
        description:
          "Still preparing (cmyk=1, or a print worker is still on it): ask again after Retry-After seconds",
        schema: pdfPreparingSchema,
        example: { status: "preparing", message: "Preparing the CMYK PDF…" },
      },
    ],
    errors: [404, 503],
  },
  {
    method: "get",
    path: "/api/programs/batch/pdf",
    tag: "PDFs",
    summary: "Print several programs: a ZIP of PDFs, or one combined PDF with combine=1",
    access: "session-or-key",
    query: batchPdfQuerySchema,
    answer: {
      status: 200,
      description: "A ZIP (application/zip) or, with combine=1, one PDF",
      contentType: PDF,
    },
    otherAnswers: [
      {
        status: 202,
        description:
          "With print workers (servers on PostgreSQL): the batch is queued; follow statusUrl until it names downloadUrl",
        schema: printJobStartedSchema,
        example: { jobId: PRINT_JOB_ID, statusUrl: `/api/print-jobs/${PRINT_JOB_ID}`, total: 20 },
      },
    ],
    errors: [404, 429, 503],
  },
  {
    method: "get",
    path: "/api/print-jobs/:id",
    tag: "PDFs",
    summary: "How far a queued print job is (servers with print workers)",
    access: "session-or-key",
    answer: {
      status: 200,
      description: "Its state and PDFs made so far; downloadUrl once every PDF is made",
      schema: printJobStatusSchema,
      example: { state: "printing", done: 7, total: 20 },
    },
    errors: [400, 404],
  },
  {
    method: "get",
    path: "/api/print-jobs/:id/download",
    tag: "PDFs",
    summary: "A finished print job: its PDF, a ZIP of its PDFs, or one combined PDF",
    access: "session-or-key",
    answer: { status: 200, description: "The PDF or ZIP", contentType: PDF },
    errors: [
      400,
      404,
      { status: 409, description: "Some PDFs are still being made" },
      { status: 503, description: "Some PDFs could not be made" },
    ],
  },
  // ------------------------------------------------------------ photos
  {
    method: "post",
    path: "/api/photos",
    tag: "Photos",
    summary: "Upload a photo (JPG, PNG or WebP, up to 25 MB) in the multipart field `file`",
    access: "session-or-key",
    body: { schema: z.object({ file: z.file() }), contentType: "multipart/form-data" },
    answer: {
      status: 201,
      description: "The stored photo; put `url` in a program",
      schema: uploadedPhotoSchema,
      example: { id: "1a2b…", url: "/api/photos/1a2b…", width: 3000, height: 2000 },
    },
    errors: [413, 415],
  },
  {
    method: "get",
    path: "/api/photos/:id",
    tag: "Photos",
    summary: "One of your photos: the print master, or the screen copy with rendition=screen",
    access: "session-or-key",
    query: photoQuerySchema,
    answer: { status: 200, description: "The image", contentType: "image/jpeg" },
    errors: [304, 404],
  },
  {
    method: "delete",
    path: "/api/photos/:id",
    tag: "Photos",
    summary: "Delete a photo no program uses",
    access: "session-or-key",
    answer: { status: 200, description: "Deleted", schema: okSchema, example: { ok: true } },
    errors: [404],
  },
  // ------------------------------------------------------------ writing helper
  {
    method: "get",
    path: "/api/writing/status",
    tag: "Writing helper",
    summary: "Whether suggestions come from a language model or the offline helper",
    access: "session",
    answer: {
      status: 200,
      description: "The mode, and the model when one is set up",
      schema: writingStatusSchema,
      example: { mode: "offline" },
    },
  },
  ...(
    [
      ["check-grammar", "Check grammar and spelling", checkGrammarRequestSchema, { text: "She were kind." }],
      [
        "enhance",
        "Improve a text",
        enhanceRequestSchema,
        { text: "She liked gardens.", context: "life reflections" },
      ],
      [
        "adjust-tone",
        "Rewrite in another tone",
        adjustToneRequestSchema,
        { text: "She liked gardens.", tone: "heartfelt" },
      ],
      ["generate-template", "Draft a text from details", generateTemplateRequestSchema, undefined],
    ] as const
  ).map(
    ([name, summary, schema, example]): Operation => ({
      method: "post",
      path: `/api/writing/${name}`,
      tag: "Writing helper",
      summary,
      access: "session",
      body: { schema, example },
      answer: { status: 200, description: "The suggestion", schema: aiResultSchema, example: aiResult },
      errors: [{ status: 429, description: "More calls a minute than this server allows: wait a minute" }],
    }),
  ),
  // ------------------------------------------------------------ integration
  {
    method: "get",
    path: "/api/integration/keys",
    tag: "Integration",
    summary: "List your API keys (never the keys themselves)",
    access: "session",
    answer: { status: 200, description: "Keys", schema: apiKeySummarySchema.array(), example: [keySummary] },
  },
  {
    method: "post",
    path: "/api/integration/keys",
    tag: "Integration",
    summary: "Create an API key; the answer is the only time the key is shown",
    access: "session",
    body: { schema: createApiKeySchema, example: { name: "Case system" } },
    answer: {
      status: 201,
      description: "The key",
      schema: createdApiKeySchema,
      example: { ...keySummary, key: "ks_live_Q3vZ…" },
    },
    errors: [PLAN_REFUSAL],
  },
  {
    method: "delete",
    path: "/api/integration/keys/:id",
    tag: "Integration",
    summary: "Revoke an API key for good",
    access: "session",
    answer: {
      status: 200,
      description: "The revoked key",
      schema: apiKeySummarySchema,
      example: { ...keySummary, revokedAt: ISO_TIME },
    },
    errors: [404],
  },
  {
    method: "post",
    path: "/api/integration/import/preview",
    tag: "Integration",
    summary: "Read a case export (CSV or JSON) and show what importing it would create; writes nothing",
    description:
      "Without `mapping`, the mapping saved for these columns is used, else one is proposed from the column names.",
    access: "session-or-key",
    body: { schema: importRequestSchema, example: { fileName: "cases.csv", content: CASES_CSV } },
    answer: {
      status: 200,
      description: "The columns, the mapping, the first rows as programs and every problem",
      schema: importPreviewSchema,
      example: {
        format: "csv",
        columns: ["Decedent First Name", "Decedent Last Name", "Date of Birth", "Service Date"],
        mapping: CASES_MAPPING,
        mappingSource: "suggested",
        totalRows: 1,
        previewRows: [
          {
            ...service("Eleanor Whitfield", "2025-03-14T11:00"),
            location: "",
            passingDate: "",
            preferredName: "",
            officiant: "",
            lifeReflections: "",
            scripture: "",
            colorTheme: "classic",
            fontStyle: "georgia",
            pageLayout: "standard",
            overlayEffect: "none",
          },
        ],
        problems: [],
      },
    },
  },
  {
    method: "post",
    path: "/api/integration/import",
    tag: "Integration",
    summary: "Create one program per case, all or none, and save the mapping for next time",
    description:
      "Any problem answers 400 naming every row and field (`row 3: birthDate: …`) and creates nothing.",
    access: "session-or-key",
    body: {
      schema: importCommitSchema,
      example: { fileName: "cases.csv", content: CASES_CSV, mapping: CASES_MAPPING },
    },
    answer: {
      status: 201,
      description: "The created programs' ids and names, in file order",
      schema: createdProgramSchema.array(),
      example: [{ id: PROGRAM_ID, fullName: "Eleanor Whitfield" }],
    },
  },
  {
    method: "get",
    path: "/api/integration/webhooks",
    tag: "Webhooks",
    summary: "List your webhook endpoints",
    access: "session",
    answer: {
      status: 200,
      description: "Endpoints",
      schema: webhookEndpointSchema.array(),
      example: [WEBHOOK],
    },
  },
  {
    method: "post",
    path: "/api/integration/webhooks",
    tag: "Webhooks",
    summary: "Register an HTTPS endpoint for program.created, program.updated and pdf.ready",
    description:
      "Each delivery is a POST of `{ id, type, createdAt, data }` with the header " +
      '`Keepsake-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the secret>`. ' +
      "Answer 2xx within 5 s; failures are retried 5 times with growing waits (30 s to about 2 h). " +
      "Private, loopback and link-local addresses are refused.",
    access: "session",
    body: { schema: createWebhookSchema, example: { url: WEBHOOK.url } },
    answer: {
      status: 201,
      description: "The endpoint and its signing secret, shown only now",
      schema: createdWebhookSchema,
      example: { ...WEBHOOK, secret: "whsec_…" },
    },
  },
  {
    method: "delete",
    path: "/api/integration/webhooks/:id",
    tag: "Webhooks",
    summary: "Remove a webhook endpoint",
    access: "session",
    answer: { status: 200, description: "Removed", schema: okSchema, example: { ok: true } },
    errors: [404],
  },
  {
    method: "get",
    path: "/api/integration/webhooks/deliveries",
    tag: "Webhooks",
    summary: "The latest 50 deliveries, newest first",
    access: "session",
    answer: {
      status: 200,
      description: "Deliveries",
      schema: webhookDeliverySchema.array(),
      example: [
        {
          id: "4e5f…",
          endpointUrl: WEBHOOK.url,
          event: "program.created",
          status: "delivered",
          attempts: 1,
          lastResponseStatus: 200,
          lastError: null,
          nextAttemptAt: null,
          createdAt: ISO_TIME,
        },
      ],
    },
  },
  // ------------------------------------------------------------ billing
  {
    method: "get",
    path: "/api/subscription/info",
    tag: "Billing",
    summary: "Your plan, its status and limits, the trial, and what you use",
    access: "session",
    answer: {
      status: 200,
      description: "The subscription",
      schema: subscriptionInfoSchema,
      example: {
        tier: "free",
        status: "trialing",
        endsAt: user.trialEndsAt,
        usage: { programs: 2 },
        limits: { maxPrograms: -1 },
        billingEnabled: true,
        publishableKey: "pk_live_…",
        trial: { active: true, daysLeft: 9, endsAt: user.trialEndsAt },
        canManageBilling: false,
      },
    },
  },
  {
    method: "post",
    path: "/api/subscription/create",
    tag: "Billing",
    summary: "Start a subscription whose first invoice the browser pays with Stripe's payment form",
    description:
      "The plan changes only when Stripe's signed webhook reports the payment. " +
      "Failures also carry `error` (the message) and `details` (every wrong field) for the checkout page.",
    access: "session",
    body: { schema: subscriptionRequestSchema, example: { tier: "basic", billing: "monthly" } },
    answer: {
      status: 200,
      description: "The client secret of the first invoice, for Stripe's payment form",
      schema: checkoutAnswerSchema,
      example: { clientSecret: "pi_3Q…_secret_…" },
    },
    errors: [
      { status: 409, description: "A live subscription exists already: change it in the billing portal" },
      BILLING_OFF,
    ],
  },
  {
    method: "post",
    path: "/api/subscription/portal",
    tag: "Billing",
    summary: "Open Stripe's billing portal (card, invoices, cancel), returning to /subscription",
    access: "session",
    answer: {
      status: 200,
      description: "The portal's address; send the browser there",
      schema: billingPortalAnswerSchema,
      example: { url: "https://billing.stripe.com/p/session/…" },
    },
    errors: [{ status: 409, description: "No billing account yet: choose a plan first" }, BILLING_OFF],
  },
  {
    method: "post",
    path: "/api/stripe/webhook",
    tag: "Billing",
    summary: "Stripe's subscription and invoice events: the only thing that changes a plan",
    description:
      "For Stripe only. Public, but each event must carry a valid `Stripe-Signature` over the raw body, made " +
      "with STRIPE_WEBHOOK_SECRET. Each event is applied once; an event older than the last one applied to the " +
      "account is ignored. Handles customer.subscription.created/updated/deleted, invoice.paid and " +
      "invoice.payment_failed.",
    access: "public",
    answer: {
      status: 200,
      description: "Received, and what it changed",
      schema: stripeWebhookAnswerSchema,
      example: { received: true, outcome: "applied" },
    },
    errors: [
      { status: 400, description: "The Stripe signature is missing or wrong" },
      { status: 413, description: "The body is too large" },
      { status: 503, description: "Stripe webhooks are not set up on this server" },
    ],
  },
  // ------------------------------------------------------------ help centre
  {
    method: "get",
    path: "/api/help/articles",
    tag: "Help",
    summary: "Every help-centre article, as HTML",
    access: "public",
    answer: {
      status: 200,
      description: "The articles",
      schema: helpArticleSchema.array(),
      example: [
        {
          ...printAtHome,
          html: "<h1>Printing at home</h1>\n<p>Print a folded booklet on your own printer…</p>",
        },
      ],
    },
  },
  {
    method: "get",
    path: "/api/help/search",
    tag: "Help",
    summary: "Search the help centre: the best-matching sections",
    access: "public",
    query: helpSearchQuerySchema,
    answer: {
      status: 200,
      description: "Matching sections, best first; empty when nothing fits",
      schema: helpSearchHitSchema.array(),
      example: [
        {
          ...printAtHome,
          section: "Print a booklet at home",
          url: "/support#printing-at-home--print-a-booklet-at-home",
          excerpt:
            "1. Open your program in the builder and press Download PDF.\n2. Choose Home printer. This makes a half-size booklet…",
        },
      ],
    },
  },
  // ------------------------------------------------------------ support chat
  {
    method: "post",
    path: "/api/chatbot/session",
    tag: "Support",
    summary: "Start a chat: the Support Assistant, or the Emotional Support chat by its title",
    description: `Title "${EMOTIONAL_CHAT_TITLE}" starts the Emotional Support chat, anything else (default "${SUPPORT_CHAT_TITLE}") the Support Assistant. Without a sign-in, a signed visitor cookie (\`kv\`) is set and owns the chat.`,
    access: "public",
    body: {
      schema: createChatSessionSchema,
      example: { title: SUPPORT_CHAT_TITLE, context: { currentPage: "builder" } },
    },
    answer: {
      status: 201,
      description: "The new chat; its first message is the welcome",
      schema: createdChatSessionSchema,
      example: { sessionId: SESSION_ID, title: SUPPORT_CHAT_TITLE, status: "active" },
    },
    errors: [CHAT_RATE_LIMIT],
  },
  {
    method: "get",
    path: "/api/chatbot/session/:sessionId",
    tag: "Support",
    summary: "One of your chats with its messages, oldest first",
    access: "public",
    answer: {
      status: 200,
      description: "The chat",
      schema: chatSessionSchema,
      example: { sessionId: SESSION_ID, title: SUPPORT_CHAT_TITLE, status: "active", messages: [welcome] },
    },
    errors: [NO_SUCH_CHAT],
  },
  {
    method: "get",
    path: "/api/chatbot/suggestions",
    tag: "Support",
    summary: "Questions to offer in the Support Assistant for the page you are on",
    access: "public",
    query: chatSuggestionsQuerySchema,
    answer: {
      status: 200,
      description: "Questions",
      schema: chatSuggestionsSchema,
      example: ["How do I print a booklet at home?", "Which PDF should I send to a print shop?"],
    },
  },
  {
    method: "get",
    path: "/api/chatbot/suggestions/:sessionId",
    tag: "Support",
    summary: "Questions to offer next in one of your chats",
    description: `In the Emotional Support chat they follow the last feeling read, at most ${CHAT_LIMITS.maxEmotionalSuggestions}.`,
    access: "public",
    answer: {
      status: 200,
      description: "Questions",
      schema: chatSuggestionsSchema,
      example: ["How do I add photos?", "I forgot my password"],
    },
    errors: [NO_SUCH_CHAT],
  },
  {
    method: "post",
    path: "/api/chatbot/message",
    tag: "Support",
    summary: "Send a message in one of your chats and get the answer",
    description:
      "The Support Assistant answers from the help centre (with a language model when one is set up) and links the article it used.",
    access: "public",
    body: {
      schema: sendChatMessageSchema,
      example: { message: "How do I print a booklet at home?", sessionId: SESSION_ID, context: {} },
    },
    answer: {
      status: 200,
      description: "The assistant's answer",
      schema: sendMessageResponseSchema,
      example: {
        assistantMessage: {
          id: "a9b8…",
          content:
            "Press Download PDF and choose Home printer, then print it double-sided, flipping on the short edge, at actual size.",
          timestamp: ISO_TIME,
          metadata: {
            article: { title: printAtHome.title, url: "/support#printing-at-home--print-a-booklet-at-home" },
          },
        },
        emotionalSupport: { supportNeeded: false, detected: "neutral" },
      },
    },
    errors: [NO_SUCH_CHAT, CHAT_RATE_LIMIT],
  },
  {
    method: "post",
    path: "/api/chatbot/comfort",
    tag: "Support",
    summary: "A short word of comfort for how you feel",
    access: "public",
    body: {
      schema: comfortRequestSchema,
      example: {
        message: "I can't find the words for Mum's service.",
        emotionalState: "overwhelmed",
        context: {},
      },
    },
    answer: {
      status: 200,
      description: "The comfort",
      schema: comfortResponseSchema,
      example: { response: "There is no right way to feel this. Take one small step at a time; I'm here." },
    },
    errors: [CHAT_RATE_LIMIT],
  },
  {
    method: "get",
    path: "/api/chatbot/writing-prompts",
    tag: "Support",
    summary: "Prompts to help put memories into words, for the feeling given",
    access: "public",
    query: writingPromptsQuerySchema,
    answer: {
      status: 200,
      description: "Prompts",
      schema: writingPromptsResponseSchema,
      example: { prompts: ["What is a small moment with them you keep coming back to?"] },
    },
  },
  {
    method: "post",
    path: "/api/chatbot/error-report",
    tag: "Support",
    summary: "Report an error the web app met, and get the known fix",
    description:
      "Secrets are scrubbed before storing; the same error on the same page from the same person is counted once.",
    access: "public",
    body: {
      schema: errorReportSchema,
      example: {
        error: "Failed to fetch",
        context: { currentPage: "/builder", type: "network" },
        autoReport: true,
      },
    },
    answer: {
      status: 200,
      description: "The report's id and the known fix",
      schema: errorReportResponseSchema,
      example: {
        reportId: "f0e1…",
        errorType: "network_error",
        suggestedFix:
          "Keepsake could not reach the server. Check your internet connection, then try again; nothing you saved is lost.",
        confidence: 0.75,
        canAutoResolve: false,
      },
    },
    errors: [{ status: 413, description: "The report is over 64 KB" }, CHAT_RATE_LIMIT],
  },
];
