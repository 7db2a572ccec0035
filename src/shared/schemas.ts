// The single source of every domain type. The API, the web forms and the CLI's CSV rows all
// validate with these schemas, so every message names the field in words a family understands.
import { z } from "zod";
import {
  BOOKLET_PAGES,
  COLOR_THEMES,
  FONT_STYLES,
  LIMITS,
  OVERLAY_EFFECTS,
  PAGE_LAYOUTS,
  PHOTO_POSITIONS,
  PHOTO_SIZES,
} from "./constants";

// Control characters (but line breaks and tabs) and broken surrogate pairs cannot be printed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const UNPRINTABLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const isPrintable = (value: string) => value.isWellFormed() && !UNPRINTABLE.test(value);

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .max(max, `${label} must be at most ${max.toLocaleString("en-US")} characters`)
    .refine(isPrintable, `${label} contains characters that cannot be printed`);

const optionalText = (label: string, max: number) => text(label, max).default("");

const choice = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of: ${values.join(", ")}` });

const isCalendarDate = (value: string) => {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value.slice(0, 10);
};

/** "" (not given) or a real calendar date as YYYY-MM-DD. */
const dateField = (label: string) =>
  z
    .string({ error: `${label} must be a date like 1931-04-12` })
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v)), {
      message: `${label} must be a date like 1931-04-12`,
    })
    .default("");

/** "" or a local date and time as the datetime-local input gives it: YYYY-MM-DDTHH:mm[:ss]. */
const dateTimeField = (label: string) =>
  z
    .string({ error: `${label} must be a date and time like 2025-03-14T11:00` })
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v) && isCalendarDate(v)), {
      message: `${label} must be a date and time like 2025-03-14T11:00`,
    })
    .default("");

const list = <T extends z.ZodType>(
  label: string,
  item: T,
  max: number,
  tooMany = `${label} can have at most ${max} entries`,
) =>
  z
    .array(item, { error: `${label} must be a list` })
    .max(max, tooMany)
    .default([]);

const itemId = z.string({ error: "id must be text" }).min(1, "id is required").max(100, "id is too long");

export const serviceItemSchema = z.object({
  id: itemId,
  title: text("Service item title", 200),
  person: text("Service item person or duration", 200).default(""),
  order: z.number({ error: "Service item order must be a number" }).int().min(0).max(1000),
});
export type ServiceItem = z.infer<typeof serviceItemSchema>;

export const tributeSchema = z.object({
  id: itemId,
  author: text("Tribute author", 200).default(""),
  relationship: text("Tribute relationship", 200).default(""),
  message: text("Tribute message", 5000).default(""),
});
export type Tribute = z.infer<typeof tributeSchema>;

export const photoSchema = z.object({
  id: itemId,
  url: text("Photo address", 2000),
  caption: text("Photo caption", 300).default(""),
  size: choice("Photo size", PHOTO_SIZES).default("medium"),
  position: choice("Photo position", PHOTO_POSITIONS).default("life"),
  order: z.number({ error: "Photo order must be a number" }).int().min(0).max(100),
  /** Pixel size of the stored original, for the print check's resolution warning. */
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  /** The point (0..1 across, 0..1 down) that every crop of the photo keeps in view. */
  focalX: z
    .number({ error: "Photo focal point across must be a number from 0 to 1" })
    .min(0, "Photo focal point across must be from 0 to 1")
    .max(1, "Photo focal point across must be from 0 to 1")
    .optional(),
  focalY: z
    .number({ error: "Photo focal point down must be a number from 0 to 1" })
    .min(0, "Photo focal point down must be from 0 to 1")
    .max(1, "Photo focal point down must be from 0 to 1")
    .optional(),
});
export type Photo = z.infer<typeof photoSchema>;

/** One word the family told the checker is right, as they spell it ("Quillfeather", "Zoë"). */
const programWord = text("Each program word", LIMITS.maxProgramWordChars)
  .refine((v) => v.trim() !== "", "Each program word must not be empty")
  .refine((v) => !/\s/.test(v), "Each program word must be one word, without spaces");

/** A whole program as the builder sends it (POST and PUT): every field has the builder's default. */
export const programInputSchema = z.object({
  fullName: optionalText("Full name", 200),
  preferredName: optionalText("Preferred name", 200),
  birthDate: dateField("Birth date"),
  passingDate: dateField("Passing date"),
  serviceDate: dateTimeField("Service date"),
  location: optionalText("Location", 500),
  mainPhotoUrl: optionalText("Main photo address", 2000),
  lifeReflections: optionalText("Life reflections", 20000),
  scripture: optionalText("Scripture", 5000),
  officiant: optionalText("Officiant", 200),
  pallbearers: optionalText("Pallbearers", 5000),
  acknowledgments: optionalText("Acknowledgments", 10000),
  serviceItems: list("Service items", serviceItemSchema, 40),
  additionalPhotos: list("Photos", photoSchema, LIMITS.maxPhotosPerProgram, "Maximum 8 photos allowed"),
  tributes: list("Tributes", tributeSchema, 40),
  colorTheme: choice("Colour theme", COLOR_THEMES).default("classic"),
  fontStyle: choice("Font style", FONT_STYLES).default("georgia"),
  pageLayout: choice("Page layout", PAGE_LAYOUTS).default("standard"),
  overlayEffect: choice("Overlay effect", OVERLAY_EFFECTS).default("none"),
  /** Programs saved before the choice existed, and clients that never send it, print 8 pages. */
  bookletPages: choice("Booklet pages", BOOKLET_PAGES).default("8"),
  backgroundImage: optionalText("Background image", 2000),
  designToolIntegration: optionalText("Design tool", 100),
  /** Never printed: the checker and every rewrite keep these words as written and never flag them. */
  programWords: list("Program words", programWord, LIMITS.maxProgramWords),
});
export type ProgramInput = z.infer<typeof programInputSchema>;

/**
 * PUT's body: the program plus the `version` the client last read. A save based on an older
 * version is refused with 409 and the current program, so two tabs never overwrite each other.
 * Without `version` (scripts) the save applies to whatever is stored.
 */
export const programUpdateSchema = programInputSchema.extend({
  version: z
    .number({ error: "version must be the program's version number" })
    .int("version must be the program's version number")
    .min(1, "version must be the program's version number")
    .optional(),
});
export type ProgramUpdate = z.infer<typeof programUpdateSchema>;

export const programSchema = programInputSchema.extend({
  id: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Program = z.infer<typeof programSchema>;

export const programSummarySchema = programSchema.pick({
  id: true,
  fullName: true,
  birthDate: true,
  passingDate: true,
  serviceDate: true,
  location: true,
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;

/** The builder's empty program: classic, georgia, standard, no overlay, empty text and lists. */
export const emptyProgramInput = (): ProgramInput => programInputSchema.parse({});

// ---------------------------------------------------------------- accounts

const email = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(254, "Please enter a valid email address")
  .pipe(z.email("Please enter a valid email address"));

const password = z
  .string({ error: `Password must be at least ${LIMITS.minPasswordLength} characters` })
  .min(LIMITS.minPasswordLength, `Password must be at least ${LIMITS.minPasswordLength} characters`)
  .max(200, "Password must be at most 200 characters");

export const loginSchema = z.object({ email, password });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  firstName: z
    .string({ error: "First name is required" })
    .trim()
    .min(1, "First name is required")
    .max(100, "First name must be at most 100 characters"),
  lastName: z
    .string({ error: "Last name is required" })
    .trim()
    .min(1, "Last name is required")
    .max(100, "Last name must be at most 100 characters"),
  email,
  password,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A new password follows the register rules. */
export const resetPasswordSchema = z.object({
  token: z
    .string({ error: "This reset link is incomplete. Please use the link from the email." })
    .min(10, "This reset link is incomplete. Please use the link from the email.")
    .max(200, "This reset link is incomplete. Please use the link from the email."),
  password,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The reset form adds a confirmation that never leaves the browser, as register does. */
export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });

/** The register form adds a confirmation that never leaves the browser. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const userSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  subscriptionTier: z.enum(["free", "basic", "pro"]).default("free"),
  trialStartedAt: z.string(),
  trialEndsAt: z.string(),
  /** False when this server takes no payments: then every account has every feature. */
  billingEnabled: z.boolean().default(false),
});
export type User = z.infer<typeof userSchema>;

/** `GET /api/auth/session`: the signed-in user, or null for a visitor. */
export const sessionAnswerSchema = z.object({ user: userSchema.nullable() });

/** API keys keep working after a password reset or Sign Out Everywhere unless they are revoked too. */
export const apiKeyCountSchema = z.object({ active: z.number().int().min(0) });
export const revokedApiKeysSchema = z.object({ revoked: z.number().int().min(0) });
export const logoutEverywhereSchema = z.object({
  revokeApiKeys: z.boolean({ error: "revokeApiKeys must be true or false" }).optional(),
});
export const logoutEverywhereAnswerSchema = z.object({
  ok: z.literal(true),
  revokedApiKeys: z.number().int().min(0),
});
/** The reset revokes keys made in the day before it (whoever reset the password may have made them). */
export const resetPasswordAnswerSchema = userSchema.extend({ revokedApiKeys: z.number().int().min(0) });

// ---------------------------------------------------------------- AI writing helper

export const aiResultSchema = z.object({
  improvedText: z.string(),
  confidence: z.number().min(0).max(1),
  grammarIssues: z.array(z.object({ issue: z.string(), correction: z.string(), explanation: z.string() })),
  suggestions: z.array(z.string()),
});
export type AiResult = z.infer<typeof aiResultSchema>;

// ---------------------------------------------------------------- batch

/** One service of the batch page and one row of the CLI's CSV. */
export const serviceDraftSchema = programInputSchema.pick({
  fullName: true,
  preferredName: true,
  birthDate: true,
  passingDate: true,
  serviceDate: true,
  location: true,
  officiant: true,
  lifeReflections: true,
  scripture: true,
  colorTheme: true,
  fontStyle: true,
  pageLayout: true,
  overlayEffect: true,
});
export type ServiceDraft = z.infer<typeof serviceDraftSchema>;

// ---------------------------------------------------------------- subscriptions

export const subscriptionRequestSchema = z.object({
  tier: z.enum(["basic", "pro"], { error: "tier must be basic or pro" }),
  billing: z.enum(["monthly", "yearly"], { error: "billing must be monthly or yearly" }),
});
export type SubscriptionRequest = z.infer<typeof subscriptionRequestSchema>;

/** GET /api/subscription/info */
export const subscriptionInfoSchema = z.object({
  tier: z.enum(["free", "basic", "pro"]),
  /** Stripe's status (active, past_due, canceling, canceled, …), `trialing` in the trial, else `none`. */
  status: z.string(),
  /** When the paid period renews or ends, or the trial ends; null when neither applies. */
  endsAt: z.string().nullable(),
  usage: z.object({ programs: z.number().int() }),
  /** -1 means unlimited. */
  limits: z.object({ maxPrograms: z.number().int() }),
  billingEnabled: z.boolean(),
  /** The browser key for Stripe's payment form; null when billing is off. */
  publishableKey: z.string().nullable(),
  trial: z.object({ active: z.boolean(), daysLeft: z.number().int(), endsAt: z.string() }),
  /** A Stripe customer exists, so the billing portal can open. */
  canManageBilling: z.boolean(),
});
export type SubscriptionInfo = z.infer<typeof subscriptionInfoSchema>;
