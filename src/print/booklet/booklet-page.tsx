// One printed page of the booklet. The builder's live preview and the PDF render this same
// component with the same stylesheet (booklet.css) and font files, so the preview is the print.
import type { CSSProperties, ReactNode } from "react";
import { PREVIEW_FOOTER_QUOTE } from "../../shared/constants";
import { formatLifeSpan, formatServiceDay, formatServiceTime } from "../../shared/format-date";
import type { ProgramInput } from "../../shared/schemas";
import { designVariables, FONT_FACES } from "./design";
import type { FlowBlock } from "./flow-blocks";
import {
  BLEED_IN,
  CAPTION_HEIGHT_IN,
  contentHeightPt,
  FLOW_FOOTER_PT,
  FLOW_HEADING_PT,
  PAGE_MARGIN_IN,
  PHOTO_GAP_IN,
  PT_PER_IN,
} from "./page-geometry";
import { type BookletPage, hasServiceDetails, type PlacedPhoto, pageTitleFit } from "./plan-booklet";
import { captionFit } from "./text-fit";

export type BookletPageProps = {
  program: ProgramInput;
  page: BookletPage;
  /** Maps a stored photo address to the one to load (the screen rendition in the preview); "" leaves the photo out. */
  resolvePhotoUrl?: (url: string) => string;
  /** Adds the 0.125 in bleed around the 8.5x11 in page (the print PDF). */
  bleed?: boolean;
  /** A line stamped at the foot of the page (the free plan's watermark). */
  watermark?: string;
};

type PageContext = {
  program: ProgramInput;
  resolve: (url: string) => string;
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

const firstName = (program: ProgramInput) =>
  program.preferredName.trim() || program.fullName.trim().split(/\s+/)[0] || "";

const initials = (fullName: string) =>
  fullName
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => [...w][0]?.toUpperCase() ?? "")
    .filter((_, i, all) => i === 0 || i === all.length - 1)
    .join("");

/** Cover name size in pt: large for short names, smaller for long ones, never tiny. */
const coverNameSize = (name: string, largest: number) =>
  Math.round(Math.max(24, Math.min(largest, largest * Math.sqrt(22 / Math.max(22, name.length)))));

function Ornament() {
  return (
    <div className="ornament" aria-hidden="true">
      <span className="ornament-line" />
      <span className="ornament-diamond" />
      <span className="ornament-line" />
    </div>
  );
}

/** Where a crop of the photo is centred: the family's focal point, else the stylesheet's default. */
const focalPosition = (photo: PlacedPhoto) =>
  photo.focalX === undefined || photo.focalY === undefined
    ? undefined
    : `${Math.round(photo.focalX * 1000) / 10}% ${Math.round(photo.focalY * 1000) / 10}%`;

function Photo({
  photo,
  ctx,
  className,
  captionRoom = Boolean(photo.caption),
}: {
  photo: PlacedPhoto;
  ctx: PageContext;
  className?: string;
  /** Keeps the caption's room even without a caption, so photos in a row line up. */
  captionRoom?: boolean;
}) {
  const src = ctx.resolve(photo.url);
  if (!src) return null;
  // A full-bleed photo spans the page and its bleed, whichever the page has.
  const width = photo.fullBleed ? "calc(8.5in + 2 * var(--bleed))" : `${photo.widthIn}in`;
  return (
    <figure className={classes("photo", className)} style={{ width }}>
      <img
        src={src}
        alt={photo.caption || ""}
        style={{ width, height: `${photo.heightIn}in`, objectPosition: focalPosition(photo) }}
      />
      {captionRoom ? (
        <figcaption
          style={{
            height: `${CAPTION_HEIGHT_IN}in`,
            fontSize: `${captionFit(photo.caption, photo.widthIn * PT_PER_IN, FONT_FACES[ctx.program.fontStyle].averageCharEm).sizePt}pt`,
          }}
        >
          {photo.caption}
        </figcaption>
      ) : null}
    </figure>
  );
}

/** Photos composed by the planner into rows that span the page (see photo-layout.ts). */
function PhotoGrid({
  photos,
  ctx,
  className,
}: {
  photos: PlacedPhoto[];
  ctx: PageContext;
  className: string;
}) {
  const shown = photos.filter((p) => ctx.resolve(p.url));
  if (shown.length === 0) return null;
  const rows = [...new Set(shown.map((p) => p.row ?? 0))].map((row) =>
    shown.filter((p) => (p.row ?? 0) === row),
  );
  return (
    <div className={classes("photo-grid", className)} style={{ gap: `${PHOTO_GAP_IN}in` }}>
      {rows.map((row) => (
        <div key={row[0]?.id} className="photo-row" style={{ gap: `${PHOTO_GAP_IN}in` }}>
          {row.map((photo) => (
            <Photo key={photo.id} photo={photo} ctx={ctx} captionRoom={row.some((p) => p.caption.trim())} />
          ))}
        </div>
      ))}
    </div>
  );
}

function QuietVerse({ lines }: { lines: string[] }) {
  return (
    <div className="quiet-verse">
      <Ornament />
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** A line such as "— Psalm 23:1–3" or "- John 3:16" that names where a verse comes from. */
const isAttribution = (line: string) => /^\s*(—|–|-{1,2})\s*\S/.test(line);

/** A verse as the family broke its lines: one line box per line, the attribution on its own. */
function Verse({ text }: { text: string }) {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  return (
    <p className="verse">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a verse may repeat a line (a refrain)
        <span key={i} className={isAttribution(line) ? "verse-line verse-attribution" : "verse-line"}>
          {line.trim()}
        </span>
      ))}
    </p>
  );
}

function Block({ block }: { block: FlowBlock }) {
  switch (block.type) {
    case "paragraph":
      return block.style === "verse" ? (
        <Verse text={block.text} />
      ) : (
        <p className="body-text">{block.text}</p>
      );
    case "subheading":
      return <h3 className="subheading">{block.text}</h3>;
    case "service-item":
      return (
        <div className="service-item">
          <span className="service-title">{block.title}</span>
          <span className="service-leader" aria-hidden="true" />
          <span className="service-person">{block.person}</span>
        </div>
      );
    case "tribute":
      return (
        <blockquote className={classes("tribute", block.continues && "tribute-continues")}>
          {/* A message split across pages opens its quote on the first and closes it on the last. */}
          <p>
            {block.continued ? null : "“"}
            {block.message}
            {block.continues ? null : "”"}
          </p>
          {block.continues ? null : (
            <footer>
              {block.author ? <span className="tribute-author">{block.author}</span> : null}
              {block.relationship ? <span className="tribute-relationship">{block.relationship}</span> : null}
            </footer>
          )}
        </blockquote>
      );
    case "names":
      return (
        <ul className="names">
          {block.names.map((name, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two people may share a name
            <li key={`${i}-${name}`}>{name}</li>
          ))}
        </ul>
      );
  }
}

/**
 * A page of flowing text under its heading. The text (with its lead and photos) is set at the
 * planner's scale and balanced in the page: a little above the middle, where the eye sees centre.
 */
function FlowPage({
  ctx,
  page,
  eyebrow,
  title,
  lead,
  before,
  empty,
  children,
}: {
  ctx: PageContext;
  page: BookletPage;
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  /** Shown above the text (a photo the page shares with it). */
  before?: ReactNode;
  empty?: ReactNode;
  children?: ReactNode;
}) {
  const { program } = ctx;
  const room = contentHeightPt(program.pageLayout) - FLOW_HEADING_PT - FLOW_FOOTER_PT;
  const blocks = page.blocks ?? [];
  return (
    <>
      <header className="flow-heading">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h2 style={{ fontSize: `${pageTitleFit(program, title, page.continued).sizePt}pt` }}>
          {title.split(/(\s+)/).map((word, i) =>
            /^\s*$/.test(word) ? (
              word
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: a name may repeat a word
              <span key={i} className="title-word">
                {word}
              </span>
            ),
          )}
          {page.continued ? <span className="continued"> (continued)</span> : null}
        </h2>
        <Ornament />
      </header>
      <div
        className="flow-area"
        style={{ height: `${room}pt`, "--fit-scale": String(page.scale ?? 1) } as CSSProperties}
      >
        <span className="flow-balance-above" aria-hidden="true" />
        {page.continued ? null : before}
        {page.continued ? null : lead}
        {blocks.length > 0 ? (
          <div className="flow" data-flow={page.key} style={{ gap: `${page.spreadPt ?? 0}pt` }}>
            {blocks.map((block, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no identity beyond their place
              <Block key={i} block={block} />
            ))}
          </div>
        ) : page.continued ? null : (
          empty
        )}
        {children}
        <span className="flow-balance-below" aria-hidden="true" />
      </div>
      <PageFooter program={program} />
    </>
  );
}

function PageFooter({ program }: { program: ProgramInput }) {
  return (
    <footer className="page-footer">
      <span>{program.fullName}</span>
      {program.birthDate || program.passingDate ? <span className="footer-dot" aria-hidden="true" /> : null}
      <span>{formatLifeSpan(program.birthDate, program.passingDate)}</span>
    </footer>
  );
}

function CoverPage({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  const { program } = ctx;
  const photo = page.photos?.[0];
  const hasPhoto = Boolean(photo && ctx.resolve(photo.url));
  const serviceDay = formatServiceDay(program.serviceDate);
  return (
    <div className={classes("cover", hasPhoto ? "cover-with-photo" : "cover-no-photo")}>
      <p className="eyebrow cover-eyebrow">
        {program.pageLayout === "elegant" ? "Celebrating the Life of" : "In Loving Memory"}
      </p>
      {photo && hasPhoto ? <Photo photo={photo} ctx={ctx} className="cover-photo" /> : null}
      <div className="cover-text">
        <h1
          className="cover-name"
          style={{
            fontSize: `${coverNameSize(program.fullName, program.pageLayout === "modern" && !hasPhoto ? 50 : 44)}pt`,
          }}
        >
          {program.fullName}
        </h1>
        {program.preferredName ? <p className="cover-preferred">“{program.preferredName}”</p> : null}
        <Ornament />
        <p className="cover-dates">{formatLifeSpan(program.birthDate, program.passingDate)}</p>
        {serviceDay || program.location ? (
          <p className="cover-service">
            {serviceDay}
            {serviceDay && program.location ? <br /> : null}
            {program.location}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function InsideLeftPage({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  const { program } = ctx;
  const hasPhotos = (page.photos ?? []).some((p) => ctx.resolve(p.url));
  const lead = page.continued ? null : (
    <dl className="life-dates">
      {program.birthDate ? (
        <div>
          <dt>Sunrise</dt>
          <dd>{formatLifeSpan(program.birthDate, "")}</dd>
        </div>
      ) : null}
      {program.passingDate ? (
        <div>
          <dt>Sunset</dt>
          <dd>{formatLifeSpan("", program.passingDate)}</dd>
        </div>
      ) : null}
    </dl>
  );
  return (
    <FlowPage
      ctx={ctx}
      page={page}
      eyebrow="In Loving Memory"
      title={program.fullName || "In Loving Memory"}
      lead={lead}
      empty={hasPhotos ? null : <QuietVerse lines={[PREVIEW_FOOTER_QUOTE]} />}
    >
      <PhotoGrid photos={page.photos ?? []} ctx={ctx} className="photo-grid-after" />
    </FlowPage>
  );
}

function OrderServicePage({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  const { program } = ctx;
  const day = formatServiceDay(program.serviceDate);
  const time = formatServiceTime(program.serviceDate);
  const lead = hasServiceDetails(program) ? (
    <div className="service-details">
      {day ? <p className="service-day">{day}</p> : null}
      {time ? <p>{time}</p> : null}
      {program.location ? <p>{program.location}</p> : null}
      {program.officiant ? (
        <p>
          <span className="detail-label">Officiating</span> {program.officiant}
        </p>
      ) : null}
    </div>
  ) : null;
  return (
    <FlowPage ctx={ctx} page={page} eyebrow="A Service of Remembrance" title="Order of Service" lead={lead} />
  );
}

/** Only planned when there are photos for it; a photo that cannot be loaded is left out of its row. */
function PhotoMemoriesPage({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  return (
    <FlowPage ctx={ctx} page={page} eyebrow="Moments We Treasure" title="Cherished Memories">
      <PhotoGrid photos={page.photos ?? []} ctx={ctx} className="photo-grid-page" />
    </FlowPage>
  );
}

function BackPage({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  const { program } = ctx;
  const photo = page.photos?.[0];
  return (
    <div className="back">
      {photo ? <Photo photo={photo} ctx={ctx} className="back-photo" /> : null}
      <p className="eyebrow">Forever in Our Hearts</p>
      <p className="back-name">{program.fullName}</p>
      <p className="back-dates">{formatLifeSpan(program.birthDate, program.passingDate)}</p>
      <Ornament />
      <p className="back-quote">{PREVIEW_FOOTER_QUOTE}</p>
      <p className="back-thanks">
        {firstName(program)
          ? `Thank you for joining us in celebrating ${firstName(program)}'s life.`
          : "Thank you for joining us."}
      </p>
    </div>
  );
}

function NotesPage({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  return (
    <FlowPage ctx={ctx} page={page} eyebrow="Memories to Keep" title="Notes">
      <div className="note-lines" aria-hidden="true">
        {Array.from({ length: 18 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical ruled lines
          <span key={i} />
        ))}
      </div>
    </FlowPage>
  );
}

function PageContent({ ctx, page }: { ctx: PageContext; page: BookletPage }) {
  const { program } = ctx;
  switch (page.kind) {
    case "cover":
      return <CoverPage ctx={ctx} page={page} />;
    case "inside-left":
      return <InsideLeftPage ctx={ctx} page={page} />;
    case "life-reflections":
      return (
        <FlowPage
          ctx={ctx}
          page={page}
          eyebrow={
            firstName(program) ? `Celebrating the Life of ${firstName(program)}` : "Celebrating a Life"
          }
          title="Life Reflections"
          before={<PhotoGrid photos={page.photos ?? []} ctx={ctx} className="photo-grid-before" />}
        />
      );
    case "order-service":
      return <OrderServicePage ctx={ctx} page={page} />;
    case "photo-memories":
      return <PhotoMemoriesPage ctx={ctx} page={page} />;
    case "tributes":
      return <FlowPage ctx={ctx} page={page} eyebrow="Words of Love" title="Tributes" />;
    case "acknowledgments":
      return <FlowPage ctx={ctx} page={page} eyebrow="With Heartfelt Thanks" title="Acknowledgments" />;
    case "back":
      return <BackPage ctx={ctx} page={page} />;
    case "notes":
      return <NotesPage ctx={ctx} page={page} />;
  }
}

/** One 8.5x11 in page of the booklet, the same component in the preview and the PDF. */
export function BookletPageView({
  program,
  page,
  resolvePhotoUrl,
  bleed = false,
  watermark,
}: BookletPageProps) {
  const ctx: PageContext = { program, resolve: resolvePhotoUrl ?? ((url) => url) };
  const ghostUrl = ghostImageUrl(program, page, ctx.resolve);
  const style = {
    ...designVariables(program.colorTheme, program.fontStyle),
    "--bleed": bleed ? `${BLEED_IN}in` : "0in",
    "--margin": `${PAGE_MARGIN_IN[program.pageLayout]}in`,
  } as CSSProperties;
  return (
    <section
      className={classes(
        "booklet-page",
        `layout-${program.pageLayout}`,
        `overlay-${program.overlayEffect}`,
        `page-${page.kind}`,
        bleed && "with-bleed",
      )}
      style={style}
      data-page={page.kind}
      aria-label={page.label}
    >
      <div className="page-background" aria-hidden="true">
        {ghostUrl ? <img className="ghost-image" src={ghostUrl} alt="" /> : null}
        {program.overlayEffect === "ghost" && !ghostUrl && (page.kind === "cover" || page.kind === "back") ? (
          <span className="ghost-initials">{initials(program.fullName)}</span>
        ) : null}
        {ghostUrl ? <span className="ghost-wash" /> : null}
        <span className="page-frame" />
      </div>
      <div className="page-safe">
        <PageContent ctx={ctx} page={page} />
      </div>
      {watermark ? <p className="watermark">{watermark}</p> : null}
    </section>
  );
}

/**
 * The ghost overlay washes the chosen background image (or the portrait) behind the cover and
 * back. Only the ghost overlay shows it; with any other overlay the choice is kept, not shown.
 */
const ghostImageUrl = (program: ProgramInput, page: BookletPage, resolve: (url: string) => string) => {
  if (program.overlayEffect !== "ghost") return "";
  if (page.kind !== "cover" && page.kind !== "back") return "";
  const url = program.backgroundImage || program.mainPhotoUrl;
  return url ? resolve(url) : "";
};
