// Every public endpoint with the zod schemas its route validates with and answers. The OpenAPI
// document is generated from this list; a test checks it against the routes the server registers
// and every example against its schema, so neither can drift from the code.
import { z } from "zod";
import { PDF_VARIANTS } from "../../print/render-program-pdf";
import {
  createdProgramSchema,
  okSchema,
  pdfPreparingSchema,
  uploadedPhotoSchema,
} from "../../shared/api-answers";
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
  loginSchema,
  programInputSchema,
  programSchema,
  programSummarySchema,
  registerSchema,
  userSchema,
} from "../../shared/schemas";
import {
  adjustToneRequestSchema,
  checkGrammarRequestSchema,
  enhanceRequestSchema,
  generateTemplateRequestSchema,
} from "../../shared/writing";
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
export type Answer = {
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
  /** Failures beyond those every call of its access and body can meet. */
  errors?: number[];
};

const ISO_TIME = "2025-03-08T09:30:00.000Z";
const PROGRAM_ID = "5b0f7a2e-3d7c-4b8e-9a51-2f6c1d0e8a47";
const program = { ...sampleProgram(), id: PROGRAM_ID, createdAt: ISO_TIME, updatedAt: ISO_TIME };
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
    method: "get",
    path: "/api/auth/user",
    tag: "Account",
    summary: "The signed-in user",
    access: "session",
    answer: { status: 200, description: "The user", schema: userSchema, example: user },
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
    access: "session-or-key",
    body: { schema: programInputSchema, example: sampleProgram() },
    answer: { status: 200, description: "The program", schema: programSchema, example: program },
    errors: [404],
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
        description: "Still preparing (cmyk=1): ask again after Retry-After seconds",
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
    errors: [404, 503],
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
      "Answer 2xx within 10 s; failures are retried 5 times with growing waits (30 s to about 2 h). " +
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
];
