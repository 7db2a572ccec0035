import { useId } from "react";
import { useSnapshot } from "valtio";
import {
  BOOKLET_PAGES,
  type BookletPages,
  COLOR_THEMES,
  FONT_STYLES,
  OVERLAY_EFFECTS,
  type OverlayEffect,
  PAGE_LAYOUTS,
  type PageLayout,
} from "../../../shared/constants";
import { featureForFont, featureForOverlay, featureForTheme } from "../../../shared/entitlements";
import { Label } from "../../components/ui/label";
import { useEntitlements } from "../../lib/entitlements";
import { PlanLock } from "../billing/plan-required";
import { builderStore, updateDraft } from "./builder-store";
import {
  BOOKLET_PAGES_LABELS,
  FONT_FACES,
  LAYOUT_LABELS,
  OVERLAY_LABELS,
  THEME_SWATCHES,
} from "./design-options";
import { SwatchGroup } from "./swatch-group";

/** The booklet's pages as small sheets, the cover drawn darker. */
function BookletSketch({ pages }: { pages: BookletPages }) {
  return (
    <span className="flex h-12 items-center justify-center gap-1 rounded border bg-background">
      {Array.from({ length: Number(pages) }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: identical sheets
          key={i}
          className={`h-8 w-[1.55rem] rounded-sm border ${i === 0 ? "bg-muted-foreground/30" : "bg-muted"}`}
        />
      ))}
    </span>
  );
}

function LayoutSketch({ layout }: { layout: PageLayout }) {
  const line = "h-1 rounded-full bg-muted-foreground/30";
  return (
    <span
      className={`flex aspect-[8.5/11] w-full flex-col gap-1 rounded border bg-background p-2 ${
        layout === "elegant" ? "outline outline-1 -outline-offset-4 outline-highlight" : ""
      } ${layout === "modern" ? "items-start" : "items-center"} ${layout === "minimalist" ? "justify-center" : ""}`}
    >
      {layout === "modern" ? (
        <span className="flex w-full gap-1">
          <span className="h-6 w-5 rounded-sm bg-muted-foreground/30" />
          <span className="flex flex-1 flex-col gap-1 pt-1">
            <span className={`${line} w-full`} />
            <span className={`${line} w-2/3`} />
          </span>
        </span>
      ) : (
        layout !== "minimalist" && <span className="size-5 rounded-full bg-muted-foreground/30" />
      )}
      <span className={`${line} ${layout === "minimalist" ? "w-1/2" : "w-3/4"}`} />
      <span className={`${line} w-1/2`} />
      {layout !== "minimalist" && <span className={`${line} w-2/3`} />}
    </span>
  );
}

const OVERLAY_BACKGROUNDS: Record<OverlayEffect, string> = {
  none: "bg-card",
  ghost: "bg-[radial-gradient(circle_at_50%_40%,rgba(59,74,99,0.22),transparent_65%)]",
  glass: "bg-[linear-gradient(135deg,rgba(255,255,255,0.9),rgba(214,224,236,0.7))]",
  subtle: "bg-[linear-gradient(180deg,#f3eef6,#fbf8f1)]",
  vintage: "bg-[linear-gradient(180deg,#efe2c8,#e3d2b0)]",
};

function BackgroundImagePicker() {
  const id = useId();
  const { draft } = useSnapshot(builderStore);
  const plan = useEntitlements().lockedPlan("ghostBackgrounds");
  // A background the program already has stays; choosing a new one needs the plan.
  const locked = plan !== undefined && !draft.backgroundImage;
  const photos = [
    ...(draft.mainPhotoUrl ? [{ url: draft.mainPhotoUrl, label: "Main photo" }] : []),
    ...draft.additionalPhotos.map((p, i) => ({ url: p.url, label: p.caption || `Photo ${i + 1}` })),
  ];
  return (
    <div className="grid gap-2">
      <Label htmlFor={id} className="flex items-center gap-2">
        Background image {plan && <PlanLock plan={plan} />}
      </Label>
      <select
        id={id}
        value={draft.backgroundImage}
        onChange={(e) => updateDraft({ backgroundImage: e.target.value })}
        disabled={locked || (photos.length === 0 && !draft.backgroundImage)}
        aria-describedby={`${id}-hint`}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
      >
        <option value="">No background image</option>
        {photos.map((photo) => (
          <option key={photo.url} value={photo.url}>
            {photo.label}
          </option>
        ))}
        {draft.backgroundImage && !photos.some((p) => p.url === draft.backgroundImage) && (
          <option value={draft.backgroundImage}>Current background image</option>
        )}
      </select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {locked
          ? `Ghost backgrounds come with the ${plan} plan.`
          : photos.length === 0
            ? "Add photos under Content & Photos to use one as a faint background."
            : "Shown faintly behind the text with the Ghost overlay."}
      </p>
    </div>
  );
}

export function DesignTab() {
  const { draft } = useSnapshot(builderStore);
  const { lockedPlan } = useEntitlements();
  return (
    <div className="grid gap-8">
      <SwatchGroup
        legend="Colour Theme"
        name="theme"
        focusMarker="themes"
        options={COLOR_THEMES}
        value={draft.colorTheme}
        onChange={(colorTheme) => updateDraft({ colorTheme })}
        labelOf={(t) => THEME_SWATCHES[t].label}
        lockedPlanOf={(t) => lockedPlan(featureForTheme(t))}
        renderSwatch={(t) => {
          const [ink, accent, paper] = THEME_SWATCHES[t].colors;
          return (
            <span className="flex h-12 overflow-hidden rounded border" style={{ background: paper }}>
              <span className="w-1/2" style={{ background: ink }} />
              <span className="w-1/4" style={{ background: accent }} />
            </span>
          );
        }}
      />
      <SwatchGroup
        legend="Font"
        name="font"
        columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
        options={FONT_STYLES}
        value={draft.fontStyle}
        onChange={(fontStyle) => updateDraft({ fontStyle })}
        labelOf={(f) => FONT_FACES[f].label}
        lockedPlanOf={(f) => lockedPlan(featureForFont(f))}
        renderSwatch={(f) => (
          <span
            className="flex h-12 items-center justify-center rounded border bg-background text-2xl"
            style={{ fontFamily: FONT_FACES[f].family }}
          >
            Aa
          </span>
        )}
      />
      <SwatchGroup
        legend="Page Layout"
        name="layout"
        focusMarker="layouts"
        options={PAGE_LAYOUTS}
        value={draft.pageLayout}
        onChange={(pageLayout) => updateDraft({ pageLayout })}
        labelOf={(l) => LAYOUT_LABELS[l].label}
        describe={(l) => LAYOUT_LABELS[l].text}
        renderSwatch={(l) => <LayoutSketch layout={l} />}
      />
      <SwatchGroup
        legend="Booklet Length"
        name="booklet-pages"
        columns="grid-cols-1 sm:grid-cols-2"
        options={BOOKLET_PAGES}
        value={draft.bookletPages}
        onChange={(bookletPages) => updateDraft({ bookletPages })}
        labelOf={(p) => BOOKLET_PAGES_LABELS[p].label}
        describe={(p) => BOOKLET_PAGES_LABELS[p].text}
        renderSwatch={(p) => <BookletSketch pages={p} />}
      />
      <div className="grid gap-4" data-focus="overlays">
        <SwatchGroup
          legend="Overlay Effect"
          name="overlay"
          columns="grid-cols-2 sm:grid-cols-3 lg:grid-cols-5"
          options={OVERLAY_EFFECTS}
          value={draft.overlayEffect}
          onChange={(overlayEffect) => updateDraft({ overlayEffect })}
          labelOf={(o) => OVERLAY_LABELS[o].label}
          lockedPlanOf={(o) => lockedPlan(featureForOverlay(o))}
          describe={(o) => OVERLAY_LABELS[o].text}
          renderSwatch={(o) => <span className={`block h-12 rounded border ${OVERLAY_BACKGROUNDS[o]}`} />}
        />
        <BackgroundImagePicker />
      </div>
    </div>
  );
}
