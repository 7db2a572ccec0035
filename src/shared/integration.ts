// Schemas of the funeral-home integration: API keys, case import and webhooks. The server
// validates with them and the OpenAPI document is generated from them.
import { z } from "zod";
import { serviceDraftSchema } from "./schemas";

export const API_KEY_PREFIX = "ks_live_";

export const createApiKeySchema = z.object({
  name: z
    .string({ error: "Key name is required" })
    .trim()
    .min(1, "Key name is required")
    .max(100, "Key name must be at most 100 characters"),
});

export const apiKeySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, e.g. `ks_live_abcd`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof apiKeySummarySchema>;

/** The only answer that carries the whole key: it is not stored and cannot be shown again. */
export const createdApiKeySchema = apiKeySummarySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

// ---------------------------------------------------------------- case import

/** The program fields a case export can fill: the batch generator's service fields. */
export const IMPORT_FIELDS = Object.keys(
  serviceDraftSchema.shape,
) as (keyof typeof serviceDraftSchema.shape)[];
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** How the import page names each field. */
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  fullName: "Full name",
  preferredName: "Preferred name",
  birthDate: "Birth date",
  passingDate: "Passing date",
  serviceDate: "Service date and time",
  location: "Location",
  officiant: "Officiant",
  lifeReflections: "Life reflections",
  scripture: "Scripture",
  colorTheme: "Colour theme",
  fontStyle: "Font style",
  pageLayout: "Page layout",
  overlayEffect: "Overlay effect",
};

/** Export column → program field; a column mapped to "" is left out. Several columns may fill one field. */
const importMappingSchema = z.record(
  z.string(),
  z.union([
    z.enum(IMPORT_FIELDS, { error: `Each column maps to one of: ${IMPORT_FIELDS.join(", ")}` }),
    z.literal(""),
  ]),
);
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importRequestSchema = z.object({
  fileName: z
    .string({ error: "File name is required" })
    .min(1, "File name is required")
    .max(255, "File name must be at most 255 characters"),
  content: z
    .string({ error: "File content must be text" })
    .min(1, "The file is empty")
    .max(4_000_000, "The file must be at most 4 MB"),
  /** Absent in a first preview: the saved mapping for these columns, or one proposed by name. */
  mapping: importMappingSchema.optional(),
});
export type ImportRequest = z.infer<typeof importRequestSchema>;

/** The import itself names its mapping: what was previewed is what is written. */
export const importCommitSchema = importRequestSchema.extend({ mapping: importMappingSchema });

const importProblemSchema = z.object({
  /** 1-based record number in the export (a CSV's header is not counted). */
  row: z.number().int(),
  field: z.string().optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(["csv", "json"]),
  columns: z.array(z.string()),
  mapping: importMappingSchema,
  mappingSource: z.enum(["saved", "suggested", "given"]),
  totalRows: z.number().int(),
  /** The first rows as programs will get them. */
  previewRows: z.array(serviceDraftSchema),
  problems: z.array(importProblemSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

// ---------------------------------------------------------------- webhooks

export const WEBHOOK_EVENTS = ["program.created", "program.updated", "pdf.ready"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** `data` of program.created and program.updated: enough to fetch the program with an API key. */
export const programEventDataSchema = z.object({
  program: z.object({ id: z.string(), fullName: z.string() }),
});

export const programEventData = (program: { id: string; fullName: string }) => ({
  program: { id: program.id, fullName: program.fullName },
});

/** `data` of pdf.ready: which programs were printed, in which variant, combined into one file or not. */
export const pdfReadyDataSchema = z.object({
  programIds: z.array(z.string()),
  variant: z.string(),
  combined: z.boolean(),
});

export type WebhookEventData = {
  "program.created": z.infer<typeof programEventDataSchema>;
  "program.updated": z.infer<typeof programEventDataSchema>;
  "pdf.ready": z.infer<typeof pdfReadyDataSchema>;
};

/** The JSON body of every delivery. */
export const webhookEventSchema = <T extends z.ZodType>(type: WebhookEventType, data: T) =>
  z.object({
    id: z.string().meta({ description: "The event's id: the same on every retry" }),
    type: z.literal(type),
    createdAt: z.string(),
    data,
  });

export const createWebhookSchema = z.object({
  url: z
    .string({ error: "Endpoint URL is required" })
    .trim()
    .max(2000, "Endpoint URL must be at most 2,000 characters")
    .pipe(z.url({ error: "Endpoint URL must be a full address like https://cases.example.com/keepsake" })),
});

export const webhookEndpointSchema = z.object({ id: z.string(), url: z.string(), createdAt: z.string() });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** The only answer that carries the signing secret. */
export const createdWebhookSchema = webhookEndpointSchema.extend({ secret: z.string() });

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointUrl: z.string(),
  event: z.enum(WEBHOOK_EVENTS),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastResponseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
