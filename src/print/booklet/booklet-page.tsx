// STUB owned by the print-engine work (issue 4): replace the body, keep the exported names.
import type { ProgramInput } from "../../shared/schemas";
import type { BookletPage } from "./plan-booklet";

export type BookletPageProps = {
  program: ProgramInput;
  page: BookletPage;
  /** Maps a stored photo address to the one to load (the screen rendition in the preview). */
  resolvePhotoUrl?: (url: string) => string;
};

/** One 8.5x11 in page of the booklet, the same component in the preview and the PDF. */
export function BookletPageView({ program, page }: BookletPageProps) {
  return (
    <section className="booklet-page" data-page={page.kind} aria-label={page.label}>
      {page.kind === "cover" ? <h1>{program.fullName}</h1> : <h2>{page.label}</h2>}
    </section>
  );
}
