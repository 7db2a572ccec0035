import { expect, test } from "bun:test";
import { COLOR_THEMES, FONT_STYLES, OVERLAY_EFFECTS } from "../../src/shared/constants";
import {
  BASIC_OVERLAYS,
  BASIC_THEMES,
  CUSTOM_FONTS,
  can,
  type EntitlementSubject,
  effectiveTier,
  FEATURES,
  limitFor,
  lockedDesignChoice,
  PREMIUM_OVERLAYS,
  PREMIUM_THEMES,
  planUnlocking,
  STANDARD_FONTS,
  trialDaysLeft,
} from "../../src/shared/entitlements";

const now = new Date("2026-06-15T12:00:00Z");
const account = (overrides: Partial<EntitlementSubject> = {}): EntitlementSubject => ({
  subscriptionTier: "free",
  trialEndsAt: "2026-06-01T00:00:00Z",
  billingEnabled: true,
  ...overrides,
});

test("every theme, font and overlay is placed in exactly one group", () => {
  expect([...BASIC_THEMES, ...PREMIUM_THEMES].sort()).toEqual([...COLOR_THEMES].sort());
  expect([...STANDARD_FONTS, ...CUSTOM_FONTS].sort()).toEqual([...FONT_STYLES].sort());
  expect([...BASIC_OVERLAYS, ...PREMIUM_OVERLAYS].sort()).toEqual([...OVERLAY_EFFECTS].sort());
});

test("Free after the trial: 3 programs, no paid feature; Basic: themes and no watermark; Pro: everything", () => {
  const free = account();
  expect(effectiveTier(free, now)).toBe("free");
  expect(limitFor(free, "maxPrograms", now)).toBe(3);
  expect(FEATURES.filter((f) => can(free, f, now))).toEqual([]);
  const basic = account({ subscriptionTier: "basic" });
  expect(limitFor(basic, "maxPrograms", now)).toBe(-1);
  expect(FEATURES.filter((f) => can(basic, f, now))).toEqual(["allThemes", "noWatermark"]);
  const pro = account({ subscriptionTier: "pro" });
  expect(FEATURES.every((f) => can(pro, f, now))).toBe(true);
  expect(can(pro, "apiAccess", now) && can(pro, "integrations", now)).toBe(true);
});

test("the trial is Pro with days left; billing off is everything for everyone", () => {
  const inTrial = account({ trialEndsAt: "2026-06-20T00:00:00Z" });
  expect(effectiveTier(inTrial, now)).toBe("pro");
  expect(trialDaysLeft(inTrial, now)).toBe(5);
  expect(trialDaysLeft(account(), now)).toBe(0);
  const selfHosted = account({ billingEnabled: false });
  expect(FEATURES.every((f) => can(selfHosted, f, now))).toBe(true);
  expect(limitFor(selfHosted, "maxPrograms", now)).toBe(-1);
});

test("a refusal names the cheapest plan that unlocks it", () => {
  expect(planUnlocking("allThemes").name).toBe("Basic");
  expect(planUnlocking("noWatermark").name).toBe("Basic");
  expect(planUnlocking("batch").name).toBe("Pro");
  expect(planUnlocking("apiAccess").name).toBe("Pro");
});

test("locked design choices, except those the program already had", () => {
  const design = { colorTheme: "classic", fontStyle: "georgia", overlayEffect: "none", backgroundImage: "" };
  const free = account();
  expect(lockedDesignChoice(free, design)).toBeUndefined();
  expect(lockedDesignChoice(free, { ...design, backgroundImage: "/api/photos/p1" })).toMatchObject({
    field: "backgroundImage",
    feature: "ghostBackgrounds",
  });
  const royal = { ...design, colorTheme: "royal" };
  expect(lockedDesignChoice(free, royal)?.feature).toBe("allThemes");
  expect(lockedDesignChoice(free, royal, royal)).toBeUndefined();
  expect(lockedDesignChoice(free, { ...royal, overlayEffect: "glass" }, royal)?.field).toBe("overlayEffect");
});
