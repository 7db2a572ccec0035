// What each plan may do, as data: the API, the PDF route, batch, exports and the web UI all ask
// `can(user, feature)` / `limitFor(user, key)`, so a plan is changed here and nowhere else.
import {
  COLOR_THEMES,
  type ColorTheme,
  FONT_STYLES,
  type FontStyle,
  OVERLAY_EFFECTS,
  type OverlayEffect,
  PLANS,
  type PlanTier,
} from "./constants";

/** Stamped on a Free account's exports (PDF, print window, export files) once its trial is over. */
export const WATERMARK_TEXT = "Made with Keepsake · Free plan";

export const FEATURES = [
  /** Every colour theme, not only the basic four. */
  "allThemes",
  /** Exports (PDF, print window, files) without the free plan's watermark. */
  "noWatermark",
  /** The display fonts beyond the standard ones. */
  "customFonts",
  /** The glass and vintage overlays. */
  "premiumOverlays",
  /** The ghost overlay and a chosen background image behind the cover and back. */
  "ghostBackgrounds",
  /** The batch generator (page, API and batch downloads). */
  "batch",
  /** Funeral home integrations. */
  "integrations",
  /** API keys for funeral home systems. */
  "apiAccess",
] as const;
export type Feature = (typeof FEATURES)[number];

type PlanLimits = {
  /** Programs an account may keep; -1 is unlimited. */
  maxPrograms: number;
};
export type LimitKey = keyof PlanLimits;

export const UNLIMITED = -1;

type PlanEntitlements = { features: readonly Feature[]; limits: PlanLimits };

const BASIC_FEATURES: readonly Feature[] = ["allThemes", "noWatermark"];
const PRO_FEATURES: readonly Feature[] = FEATURES;

const ENTITLEMENTS: Record<PlanTier, PlanEntitlements> = {
  free: { features: [], limits: { maxPrograms: 3 } },
  basic: { features: BASIC_FEATURES, limits: { maxPrograms: UNLIMITED } },
  pro: { features: PRO_FEATURES, limits: { maxPrograms: UNLIMITED } },
};

/** The 14-day trial gives everything Pro has: a family can try every design before choosing. */
const TRIAL_TIER: PlanTier = "pro";

/** Design choices every plan has; the rest need the feature named beside them. */
export const BASIC_THEMES: readonly ColorTheme[] = ["classic", "elegant", "peaceful", "warm"];
export const STANDARD_FONTS: readonly FontStyle[] = ["georgia", "times", "inter"];
export const BASIC_OVERLAYS: readonly OverlayEffect[] = ["none", "subtle"];

/** The feature a design value needs, or undefined when every plan has it. */
export const featureForTheme = (theme: string): Feature | undefined =>
  (BASIC_THEMES as readonly string[]).includes(theme) ? undefined : "allThemes";
export const featureForFont = (font: string): Feature | undefined =>
  (STANDARD_FONTS as readonly string[]).includes(font) ? undefined : "customFonts";
export const featureForOverlay = (overlay: string): Feature | undefined =>
  (BASIC_OVERLAYS as readonly string[]).includes(overlay)
    ? undefined
    : overlay === "ghost"
      ? "ghostBackgrounds"
      : "premiumOverlays";

// Every value is listed in exactly one group: a new theme, font or overlay must be placed.
const premium = <T extends string>(all: readonly T[], basic: readonly T[]) =>
  all.filter((v) => !basic.includes(v));
export const PREMIUM_THEMES = premium(COLOR_THEMES, BASIC_THEMES);
export const CUSTOM_FONTS = premium(FONT_STYLES, STANDARD_FONTS);
export const PREMIUM_OVERLAYS = premium(OVERLAY_EFFECTS, BASIC_OVERLAYS);

/** What entitlement decisions read from an account: the user object of the API carries it. */
export type EntitlementSubject = {
  subscriptionTier: PlanTier;
  trialEndsAt: string;
  /** False when the server takes no payments: then every account has every feature. */
  billingEnabled: boolean;
};

/**
 * Subscription statuses in which a paid plan still applies: `past_due` while Stripe retries a
 * failed renewal, `canceling` until a cancelled subscription's paid period ends.
 */
export const LIVE_SUBSCRIPTION_STATUSES: ReadonlySet<string> = new Set([
  "active",
  "trialing",
  "past_due",
  "canceling",
]);

/** The plan with this id (free, basic or pro), for its name. */
export const planById = (id: PlanTier) => PLANS.find((p) => p.id === id) ?? { id, name: id };

export const isTrialActive = (user: EntitlementSubject, now = new Date()) =>
  new Date(user.trialEndsAt).getTime() > now.getTime();

/** Whole days of trial left, rounded up (0 once it has ended). */
export const trialDaysLeft = (user: EntitlementSubject, now = new Date()) =>
  Math.max(0, Math.ceil((new Date(user.trialEndsAt).getTime() - now.getTime()) / (24 * 60 * 60 * 1000)));

/** The plan whose entitlements apply now: the paid tier, the trial's, or Free. */
export const effectiveTier = (user: EntitlementSubject, now = new Date()): PlanTier => {
  if (!user.billingEnabled) return "pro";
  if (user.subscriptionTier !== "free") return user.subscriptionTier;
  return isTrialActive(user, now) ? TRIAL_TIER : "free";
};

export const can = (user: EntitlementSubject, feature: Feature, now = new Date()) =>
  ENTITLEMENTS[effectiveTier(user, now)].features.includes(feature);

export const limitFor = (user: EntitlementSubject, key: LimitKey, now = new Date()) =>
  ENTITLEMENTS[effectiveTier(user, now)].limits[key];

/** The cheapest plan that has the feature: the one a refusal or a lock names. */
export const planUnlocking = (feature: Feature) => {
  return planById(
    (["basic", "pro"] as const).find((t) => ENTITLEMENTS[t].features.includes(feature)) ?? "pro",
  );
};

/** The cheapest plan that lifts the limit above `current`. */
export const planLifting = (key: LimitKey, current: number) => {
  const tier =
    (["basic", "pro"] as const).find((t) => {
      const limit = ENTITLEMENTS[t].limits[key];
      return limit === UNLIMITED || limit > current;
    }) ?? "pro";
  return planById(tier);
};

/** Each feature as the subject of a sentence ("… is part of the Pro plan"). */
export const FEATURE_NAMES: Record<Feature, { name: string; plural: boolean }> = {
  allThemes: { name: "All colour themes", plural: true },
  noWatermark: { name: "Exports without a watermark", plural: true },
  customFonts: { name: "Custom fonts", plural: true },
  premiumOverlays: { name: "Premium overlay effects", plural: true },
  ghostBackgrounds: { name: "Ghost backgrounds", plural: true },
  batch: { name: "Batch generation", plural: false },
  integrations: { name: "Funeral home integrations", plural: true },
  apiAccess: { name: "API access", plural: false },
};

type DesignChoice = {
  colorTheme: string;
  fontStyle: string;
  overlayEffect: string;
  backgroundImage: string;
};

/** Each design field's value and the feature it needs (if any). */
const designNeeds = (design: DesignChoice) =>
  [
    { field: "colorTheme", value: design.colorTheme, feature: featureForTheme(design.colorTheme) },
    { field: "fontStyle", value: design.fontStyle, feature: featureForFont(design.fontStyle) },
    { field: "overlayEffect", value: design.overlayEffect, feature: featureForOverlay(design.overlayEffect) },
    {
      field: "backgroundImage",
      value: design.backgroundImage,
      feature: design.backgroundImage ? ("ghostBackgrounds" as const) : undefined,
    },
  ] as const;

/**
 * The first design choice this account may not make, or undefined. A value the program already
 * had (`previous`) stays allowed, so a program made during the trial or on a paid plan keeps its
 * design after a downgrade and can still be edited.
 */
export const lockedDesignChoice = (
  user: EntitlementSubject,
  design: DesignChoice,
  previous?: DesignChoice,
) => {
  const before = previous ? designNeeds(previous) : [];
  for (const need of designNeeds(design)) {
    if (!need.feature || can(user, need.feature)) continue;
    if (before.some((b) => b.field === need.field && b.value === need.value)) continue;
    return { field: need.field, value: need.value, feature: need.feature };
  }
  return undefined;
};
