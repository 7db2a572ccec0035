// Every business constant of the product (themes, fonts, limits, plans, messages), in one browser-safe place.

export const PRODUCT_NAME = "Keepsake";

export const COLOR_THEMES = [
  "classic",
  "elegant",
  "peaceful",
  "warm",
  "forest",
  "royal",
  "sunset",
  "ocean",
] as const;
export type ColorTheme = (typeof COLOR_THEMES)[number];

export const FONT_STYLES = ["georgia", "times", "playfair", "inter", "lora"] as const;
export type FontStyle = (typeof FONT_STYLES)[number];

export const PAGE_LAYOUTS = ["standard", "modern", "minimalist", "elegant"] as const;
export type PageLayout = (typeof PAGE_LAYOUTS)[number];
/** How many pages the printed booklet has: 8 (the full program) or 4 (cover, two inside pages, back). */
export const BOOKLET_PAGES = ["8", "4"] as const;
export type BookletPages = (typeof BOOKLET_PAGES)[number];

export const OVERLAY_EFFECTS = ["none", "ghost", "glass", "subtle", "vintage"] as const;
export type OverlayEffect = (typeof OVERLAY_EFFECTS)[number];

export const PHOTO_SIZES = ["small", "medium", "large", "full"] as const;

export const PHOTO_POSITIONS = ["cover", "life", "service", "tribute", "memorial"] as const;

/** The four design tools of the Export tab; designToolIntegration records the chosen tool's name (spec section 3). */
export const DESIGN_TOOLS = [
  { id: "canva", name: "Canva", kind: "Design-template service" },
  { id: "photoshop", name: "Adobe Photoshop", kind: "Design suite" },
  { id: "illustrator", name: "Adobe Illustrator", kind: "Vector design tool" },
  { id: "indesign", name: "Adobe InDesign", kind: "Desktop publisher" },
] as const;

export const DEFAULT_SERVICE_ORDER = [
  "Processional",
  "Opening Prayer",
  "Scripture Reading",
  "Musical Selection",
  "Eulogy",
  "Closing Prayer",
  "Recessional",
] as const;

export const LIMITS = {
  maxPhotosPerProgram: 8,
  previewServicePhotos: 4,
  previewMemorialPhotos: 1,
  insidePageAdditionalPhotos: 3,
  freeTierPrograms: 3,
  trialDays: 14,
  minPasswordLength: 8,
  maxPhotoUploadBytes: 25 * 1024 * 1024,
  maxJsonBodyBytes: 5 * 1024 * 1024,
  sessionDays: 30,
  /** Words a family adds for the checker to accept: room for every surname and place, well under the 200 names a writing call carries. */
  maxProgramWords: 100,
  maxProgramWordChars: 50,
} as const;

export const PRINT_SPECS = {
  pageWidthIn: 8.5,
  pageHeightIn: 11,
  bleedIn: 0.125,
  dpi: 300,
  colorMode: "CMYK",
  bookletPages: 8,
  previewScale: 0.6,
} as const;

export const AI_TONES = ["formal", "heartfelt", "celebratory", "peaceful"] as const;
export type AiTone = (typeof AI_TONES)[number];
export const DEFAULT_AI_TONE: AiTone = "heartfelt";

export const TEMPLATE_TYPES = ["life_reflection", "tribute", "obituary", "service_message"] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const DEFAULT_TEMPLATE_TYPE: TemplateType = "life_reflection";

const PLAN_TIERS = ["free", "basic", "pro"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const BILLING_CYCLES = ["monthly", "yearly"] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];

export type Plan = {
  id: PlanTier;
  name: string;
  description: string;
  monthlyPrice: number;
  yearlyPrice: number;
  features: string[];
  popular: boolean;
};

export const PLANS: readonly Plan[] = [
  {
    id: "free",
    name: "Free",
    description: "Everything a family needs for one service",
    monthlyPrice: 0,
    yearlyPrice: 0,
    features: ["Up to 3 programs", "Basic colour themes", "Standard fonts", "Watermark on exports"],
    popular: false,
  },
  {
    id: "basic",
    name: "Basic",
    description: "For families planning more than one service",
    monthlyPrice: 9.99,
    yearlyPrice: 99.99,
    features: ["Unlimited programs", "All colour themes", "Standard fonts", "No watermark", "PDF export"],
    popular: true,
  },
  {
    id: "pro",
    name: "Pro",
    description: "For funeral homes",
    monthlyPrice: 24.99,
    yearlyPrice: 249.99,
    features: [
      "Everything in Basic",
      "Custom fonts",
      "Premium overlay effects",
      "Ghost backgrounds",
      "Batch generation",
      "Funeral home integrations",
      "API access",
      "Priority phone support",
    ],
    popular: false,
  },
];

export type BatchTemplate = {
  id: string;
  name: string;
  description: string;
  colorTheme: ColorTheme;
  fontStyle: FontStyle;
  pageLayout: PageLayout;
  overlayEffect: OverlayEffect;
  defaultOfficiant: string;
  defaultLocation: string;
  defaultScripture: string;
};

export const BATCH_TEMPLATES: readonly BatchTemplate[] = [
  {
    id: "traditional",
    name: "Traditional Service",
    description: "Classic navy and gold with a timeless serif, for a church or chapel service.",
    colorTheme: "classic",
    fontStyle: "times",
    pageLayout: "standard",
    overlayEffect: "none",
    defaultOfficiant: "",
    defaultLocation: "",
    defaultScripture:
      "The Lord is my shepherd; I shall not want. He maketh me to lie down in green pastures: he leadeth me beside the still waters. (Psalm 23:1-2)",
  },
  {
    id: "elegant",
    name: "Elegant Celebration",
    description: "Soft ivory and rose with graceful type, celebrating a life well lived.",
    colorTheme: "elegant",
    fontStyle: "playfair",
    pageLayout: "elegant",
    overlayEffect: "subtle",
    defaultOfficiant: "",
    defaultLocation: "",
    defaultScripture:
      "To every thing there is a season, and a time to every purpose under the heaven. (Ecclesiastes 3:1)",
  },
  {
    id: "peaceful",
    name: "Peaceful Remembrance",
    description: "Quiet sage and sky tones in a clean layout, for a calm, gentle farewell.",
    colorTheme: "peaceful",
    fontStyle: "lora",
    pageLayout: "minimalist",
    overlayEffect: "ghost",
    defaultOfficiant: "",
    defaultLocation: "",
    defaultScripture: "Blessed are they that mourn: for they shall be comforted. (Matthew 5:4)",
  },
];

/** The fixed quote of the preview footer. */
export const PREVIEW_FOOTER_QUOTE = "Those we love don't go away, they walk beside us every day.";
