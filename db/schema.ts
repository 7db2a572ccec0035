import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { ChatMetadata } from "../src/shared/chatbot";
import type { ImportMapping } from "../src/shared/integration";
import type { Photo, ServiceItem, Tribute } from "../src/shared/schemas";

const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
};

export const users = sqliteTable("users", {
  id: text("id").primaryKey(),
  /** Stored lower-cased: emails are case-insensitive and unique. */
  email: text("email").notNull().unique(),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  passwordHash: text("password_hash").notNull(),
  subscriptionTier: text("subscription_tier", { enum: ["free", "basic", "pro"] })
    .notNull()
    .default("free"),
  trialStartedAt: integer("trial_started_at", { mode: "timestamp_ms" }).notNull(),
  stripeCustomerId: text("stripe_customer_id").unique(),
  /** The subscription that decides the tier; set and changed only by Stripe's signed webhook events. */
  stripeSubscriptionId: text("stripe_subscription_id"),
  /** Stripe's subscription status, or `canceling` while it runs to the end of a cancelled period. */
  subscriptionStatus: text("subscription_status"),
  /** When the paid period ends (renewal, or the end of a cancelled subscription). */
  subscriptionEndsAt: integer("subscription_ends_at", { mode: "timestamp_ms" }),
  /** `created` (seconds) of the last Stripe event applied: an older event arriving late is ignored. */
  subscriptionEventAt: integer("subscription_event_at"),
  ...timestamps,
});

export const sessions = sqliteTable(
  "sessions",
  {
    /** SHA-256 of the cookie's token: a stolen database holds no usable session. */
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const programs = sqliteTable(
  "programs",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    preferredName: text("preferred_name").notNull(),
    birthDate: text("birth_date").notNull(),
    passingDate: text("passing_date").notNull(),
    serviceDate: text("service_date").notNull(),
    location: text("location").notNull(),
    mainPhotoUrl: text("main_photo_url").notNull(),
    lifeReflections: text("life_reflections").notNull(),
    scripture: text("scripture").notNull(),
    officiant: text("officiant").notNull(),
    pallbearers: text("pallbearers").notNull(),
    acknowledgments: text("acknowledgments").notNull(),
    serviceItems: text("service_items", { mode: "json" }).$type<ServiceItem[]>().notNull(),
    additionalPhotos: text("additional_photos", { mode: "json" }).$type<Photo[]>().notNull(),
    tributes: text("tributes", { mode: "json" }).$type<Tribute[]>().notNull(),
    colorTheme: text("color_theme").notNull(),
    fontStyle: text("font_style").notNull(),
    pageLayout: text("page_layout").notNull(),
    overlayEffect: text("overlay_effect").notNull(),
    bookletPages: text("booklet_pages").notNull().default("8"),
    backgroundImage: text("background_image").notNull(),
    designToolIntegration: text("design_tool_integration").notNull(),
    /** Words the family told the checker are right (a surname, a place), kept as a name is. */
    programWords: text("program_words", { mode: "json" }).$type<string[]>().notNull().default([]),
    /** Raised by every save; a save based on an older version is refused (409) instead of overwriting. */
    version: integer("version").notNull().default(1),
    ...timestamps,
  },
  (t) => [index("programs_owner_updated_idx").on(t.ownerId, t.updatedAt)],
);

export type UserRow = typeof users.$inferSelect;
export type ProgramRow = typeof programs.$inferSelect;

export const photos = sqliteTable(
  "photos",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** SHA-256 of the print master's bytes: its key in photo storage. */
    contentHash: text("content_hash").notNull(),
    /** SHA-256 of the screen rendition's bytes: its key in photo storage. */
    screenHash: text("screen_hash").notNull(),
    /** SHA-256 of the bytes as uploaded, so the same file uploaded again is not processed again. */
    sourceHash: text("source_hash").notNull(),
    /** Pixel size of the print master (upright, after EXIF rotation). */
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    mime: text("mime").notNull(),
    /** Stored bytes of both renditions, counted against the owner's storage quota. */
    bytes: integer("bytes").notNull().default(0),
    /** When a saved program first used it; until then it may belong to an unsaved draft. */
    referencedAt: integer("referenced_at", { mode: "timestamp_ms" }),
    /**
     * When it was taken out of the last saved program showing it. It is kept for a grace period
     * (a stale builder tab may still save it back, which clears this), then deleted.
     */
    removedAt: integer("removed_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("photos_owner_idx").on(t.ownerId),
    index("photos_content_hash_idx").on(t.contentHash),
    index("photos_screen_hash_idx").on(t.screenHash),
    index("photos_source_hash_idx").on(t.sourceHash),
  ],
);

export type PhotoRow = typeof photos.$inferSelect;

/** Every Stripe webhook event applied, by id: a redelivered event is recognised and skipped. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: integer("received_at", { mode: "timestamp_ms" }).notNull(),
});
/**
 * A support or emotional-support conversation. Owned by a user, or before sign-in by a visitor id
 * kept in a signed cookie; exactly one of the two is set.
 */
export const chatSessions = sqliteTable(
  "chat_sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    visitorId: text("visitor_id"),
    kind: text("kind", { enum: ["support", "emotional"] }).notNull(),
    title: text("title").notNull(),
    status: text("status").notNull(),
    context: text("context", { mode: "json" }).$type<Record<string, string | undefined>>().notNull(),
    ...timestamps,
  },
  (t) => [index("chat_sessions_user_idx").on(t.userId), index("chat_sessions_visitor_idx").on(t.visitorId)],
);

export const chatMessages = sqliteTable(
  "chat_messages",
  {
    id: text("id").primaryKey(),
    sessionId: text("session_id")
      .notNull()
      .references(() => chatSessions.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["user", "assistant", "system"] }).notNull(),
    content: text("content").notNull(),
    metadata: text("metadata", { mode: "json" }).$type<ChatMetadata>(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("chat_messages_session_idx").on(t.sessionId, t.createdAt)],
);

/** A client error, counted: the same error on the same page from the same person is one row. */
export const errorReports = sqliteTable(
  "error_reports",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    visitorId: text("visitor_id"),
    fingerprint: text("fingerprint").notNull(),
    type: text("type").notNull(),
    errorType: text("error_type").notNull(),
    page: text("page").notNull(),
    message: text("message").notNull(),
    stack: text("stack").notNull(),
    statusCode: integer("status_code"),
    userAgent: text("user_agent").notNull(),
    count: integer("count").notNull(),
    firstSeenAt: integer("first_seen_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    uniqueIndex("error_reports_fingerprint_idx").on(t.fingerprint),
    index("error_reports_last_idx").on(t.lastSeenAt),
  ],
);

export type ErrorReportRow = typeof errorReports.$inferSelect;

/** A password-reset link: only the SHA-256 of its token is kept; used once, within its hour. */
export const passwordResets = sqliteTable(
  "password_resets",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("password_resets_user_idx").on(t.userId)],
);
// ---------------------------------------------------------------- funeral-home integration

export const apiKeys = sqliteTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The key's first characters (`ks_live_abcd`), so its owner can tell keys apart. */
    prefix: text("prefix").notNull(),
    /** SHA-256 of the whole key: the key itself is shown once and never stored. */
    keyHash: text("key_hash").notNull().unique(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("api_keys_owner_idx").on(t.ownerId)],
);
export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** A case system's column → program field choices, reused when the same columns come again. */
export const importMappings = sqliteTable(
  "import_mappings",
  {
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The export's sorted column names, joined: one saved mapping per shape of export. */
    columnsKey: text("columns_key").notNull(),
    mapping: text("mapping", { mode: "json" }).$type<ImportMapping>().notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.columnsKey] })],
);

export const webhookEndpoints = sqliteTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    /** Signs each delivery (HMAC-SHA256); kept in clear because signing needs it. */
    secret: text("secret").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("webhook_endpoints_owner_idx").on(t.ownerId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

export const webhookDeliveries = sqliteTable(
  "webhook_deliveries",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    event: text("event").notNull(),
    /** The exact JSON body sent on every attempt, so each retry carries the same signed bytes. */
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] }).notNull(),
    attempts: integer("attempts").notNull(),
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
    lastResponseStatus: integer("last_response_status"),
    lastError: text("last_error"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [
    index("webhook_deliveries_owner_idx").on(t.ownerId, t.createdAt),
    index("webhook_deliveries_due_idx").on(t.status, t.nextAttemptAt),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

// ---------------------------------------------------------------- shared state of several servers

/**
 * What a rate limiter (src/server/auth/rate-limit-store.ts) keeps per key on PostgreSQL, so every
 * server behind a load balancer counts the same attempts. Stays empty on SQLite, where the one
 * process keeps its counts in memory. A row is forgotten at `expires_at`; the hourly maintenance
 * deletes it.
 */
export const rateLimits = sqliteTable(
  "rate_limits",
  {
    /** Which limiter: sign-in per address, photo uploads, … */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** The limiter's own counts (attempt times, or failures and the last one's time). */
    state: text("state", { mode: "json" }).$type<unknown>().notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("rate_limits_expires_idx").on(t.expiresAt)],
);
