import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
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
    backgroundImage: text("background_image").notNull(),
    designToolIntegration: text("design_tool_integration").notNull(),
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
    /** When a saved program first used it; until then it may belong to an unsaved draft. */
    referencedAt: integer("referenced_at", { mode: "timestamp_ms" }),
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
