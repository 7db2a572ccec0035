// The batch generator's unit of work, shared by the batch page, the batch API and the CLI:
// one service draft (a CSV row or a service card) becomes one program payload.
import { BATCH_TEMPLATES, type BatchTemplate } from "./constants";
import { emptyProgramInput, type ProgramInput, type ServiceDraft, serviceDraftSchema } from "./schemas";

/** The service-draft fields in the batch page's order; also the CSV's column names. */
export const SERVICE_DRAFT_FIELDS = Object.keys(serviceDraftSchema.shape) as (keyof ServiceDraft)[];

export const emptyServiceDraft = (): ServiceDraft => serviceDraftSchema.parse({});

/** The batch payload: the draft's fields, every other program field empty. */
export const toProgramInput = (draft: ServiceDraft): ProgramInput => ({ ...emptyProgramInput(), ...draft });

export const findBatchTemplate = (id: string): BatchTemplate | undefined =>
  BATCH_TEMPLATES.find((t) => t.id === id);

/**
 * Applying a template overwrites the look (theme, font, layout, overlay) and
 * fills only the texts left blank, so a family's own scripture or officiant is never replaced.
 */
export const applyBatchTemplate = <T extends ServiceDraft>(draft: T, template: BatchTemplate): T => ({
  ...draft,
  colorTheme: template.colorTheme,
  fontStyle: template.fontStyle,
  pageLayout: template.pageLayout,
  overlayEffect: template.overlayEffect,
  scripture: draft.scripture || template.defaultScripture,
  officiant: draft.officiant || template.defaultOfficiant,
  location: draft.location || template.defaultLocation,
});

/** A week's services for a busy funeral home, with room to spare; keeps one request bounded. */
export const MAX_BATCH_SIZE = 200;

/**
 * `stem.ext`, else `stem-2.ext`, `stem-3.ext`…: never a name taken earlier in the list or
 * reported taken by `isTaken` (a file on disk), so two services never overwrite each other.
 */
export const uniqueFileNames = (
  stems: string[],
  ext: string,
  isTaken: (name: string) => boolean = () => false,
) => {
  const taken = new Set<string>();
  return stems.map((stem) => {
    for (let n = 1; ; n += 1) {
      const name = n === 1 ? `${stem}${ext}` : `${stem}-${n}${ext}`;
      if (!taken.has(name) && !isTaken(name)) {
        taken.add(name);
        return name;
      }
    }
  });
};
