// The builder's Export tab: the program as data, print files and guides, and design-tool merges.
import { FileDown } from "lucide-react";
import { useId } from "react";
import { type DataMergeTool, exportDataMergeCsv } from "../../../print/exports/data-merge";
import type { ExportFile } from "../../../print/exports/export-file";
import { exportColorGuide, exportDesignSpecs, exportPrintingGuide } from "../../../print/exports/guides";
import { exportPrintTemplate } from "../../../print/exports/print-template";
import { exportProgramCsv, exportProgramJson } from "../../../print/exports/program-data";
import { watermarkExport } from "../../../print/exports/watermark-export";
import { DESIGN_TOOLS } from "../../../shared/constants";
import type { ProgramInput } from "../../../shared/schemas";
import { Button } from "../../components/ui/button";
import { RadioCard } from "../../components/ui/radio-card";
import { useEntitlements } from "../../lib/entitlements";
import { PrintCheckPanel } from "./print-check";
import { saveExport } from "./save-file";

export type ExportTabProps = {
  program: ProgramInput;
  programId?: string;
  onChange: (patch: Partial<ProgramInput>) => void;
  /** Called once a design tool's choice is in the draft, so the builder can record it at once. */
  onToolChosen?: () => void;
};

type ExportAction = { label: string; hint: string; make: (program: ProgramInput) => ExportFile };

const DATA_EXPORTS: ExportAction[] = [
  { label: "Program JSON", hint: "Every field, to keep or import again.", make: exportProgramJson },
  {
    label: "Program CSV",
    hint: "Name, dates, location, officiant, theme, font and overlay, for a spreadsheet.",
    make: exportProgramCsv,
  },
];

const PRINT_EXPORTS: ExportAction[] = [
  {
    label: "Print template",
    hint: "Page size, bleed, fonts, colours and every page's content as JSON.",
    make: exportPrintTemplate,
  },
  {
    label: "Printing guide",
    hint: "How to print at a shop, at home, or send by email.",
    make: exportPrintingGuide,
  },
  { label: "Colour guide", hint: "The theme's colours and advice on RGB and CMYK.", make: exportColorGuide },
  {
    label: "Design specs",
    hint: "300 DPI, 0.125 in bleed, 8.5 x 11 in pages, margins.",
    make: exportDesignSpecs,
  },
];

const TOOL_ADVICE: Record<DataMergeTool, string> = {
  canva: "For Canva Bulk Create: upload the CSV and connect each column to a text box.",
  photoshop: "For Photoshop variables: import the CSV as a data set; @ columns are image file names.",
  illustrator: "For Illustrator variables: import the CSV; @ columns are image file names.",
  indesign: "For InDesign Data Merge: select the CSV; @ columns place photos saved beside it.",
};

/** Saves an export file, with the watermark when this account's plan has one. */
const useSaveExport = () => {
  const { watermark } = useEntitlements();
  return (file: ExportFile) => saveExport(watermark ? watermarkExport(file, watermark) : file);
};

function ExportButtons({ program, actions }: { program: ProgramInput; actions: ExportAction[] }) {
  const save = useSaveExport();
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {actions.map((action) => (
        <li key={action.label}>
          <Button
            variant="outline"
            className="w-full justify-start"
            onClick={() => save(action.make(program))}
          >
            <FileDown aria-hidden="true" />
            {action.label}
          </Button>
          <p className="mt-1 text-xs text-muted-foreground">{action.hint}</p>
        </li>
      ))}
    </ul>
  );
}

export function ExportTab({ program, onChange, onToolChosen }: ExportTabProps) {
  const toolGroup = useId();
  const save = useSaveExport();
  const chosen = DESIGN_TOOLS.find((t) => t.name === program.designToolIntegration);
  return (
    <div className="space-y-6">
      <section aria-labelledby={`${toolGroup}-data`} className="space-y-3">
        <h3 id={`${toolGroup}-data`} className="font-semibold">
          Program data
        </h3>
        <ExportButtons program={program} actions={DATA_EXPORTS} />
      </section>

      <section aria-labelledby={`${toolGroup}-print`} className="space-y-3" data-focus="print">
        <h3 id={`${toolGroup}-print`} className="font-semibold">
          Print files and guides
        </h3>
        <p className="text-sm text-muted-foreground">
          For the finished PDF use Download PDF above: it offers print shop, home printer and email formats.
        </p>
        <ExportButtons program={program} actions={PRINT_EXPORTS} />
        {/* On wide screens the preview beside this tab shows the same print check. */}
        <div className="lg:hidden">
          <PrintCheckPanel
            program={program}
            onBookletPagesChange={(bookletPages) => onChange({ bookletPages })}
          />
        </div>
      </section>

      <section aria-labelledby={`${toolGroup}-tools`} className="space-y-3" data-focus="design-tools">
        <h3 id={`${toolGroup}-tools`} className="font-semibold">
          Design tools
        </h3>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm text-muted-foreground">
            Which tool will you finish the design in?
          </legend>
          {DESIGN_TOOLS.map((tool) => (
            <RadioCard
              key={tool.id}
              name={toolGroup}
              value={tool.id}
              checked={chosen?.id === tool.id}
              onSelect={() => {
                onChange({ designToolIntegration: tool.name });
                onToolChosen?.();
              }}
              title={tool.name}
              description={tool.kind}
            />
          ))}
        </fieldset>
        {chosen ? (
          <div className="space-y-1">
            <Button variant="outline" onClick={() => save(exportDataMergeCsv(program, chosen.id))}>
              <FileDown aria-hidden="true" />
              Data-merge CSV for {chosen.name}
            </Button>
            <p className="text-xs text-muted-foreground">{TOOL_ADVICE[chosen.id]}</p>
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">Choose a tool to download its data-merge CSV.</p>
        )}
      </section>
    </div>
  );
}
