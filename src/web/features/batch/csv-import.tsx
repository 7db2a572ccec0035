import { useState } from "react";
import type { ServiceDraft } from "../../../shared/schemas";
import { formatCsvProblem, parseServiceCsv, type ServiceCsvProblem } from "../../../shared/service-csv";
import { FileButton } from "../../components/ui/file-button";
import { toast } from "../../lib/toast-store";

const MAX_PROBLEMS_SHOWN = 20;

export type CsvImportFailure = { file: string; problems: ServiceCsvProblem[] };

/**
 * Imports a spreadsheet saved as CSV, in the same format as `memorial batch`. As in the CLI, every
 * row is checked first: one bad row imports nothing and every problem is listed by line.
 */
export const useCsvImport = (onImport: (drafts: ServiceDraft[]) => void) => {
  const [failure, setFailure] = useState<CsvImportFailure | null>(null);
  const importFile = async (file: File) => {
    const { rows, problems } = parseServiceCsv(await file.text());
    if (problems.length > 0) {
      setFailure({ file: file.name, problems });
      return;
    }
    setFailure(null);
    onImport(rows.map((row) => row.draft));
    toast({
      title: "Services Imported",
      description: `Added ${rows.length} service${rows.length === 1 ? "" : "s"} from ${file.name}`,
    });
  };
  return { failure, importFile };
};

export function CsvImportButton({ onFile }: { onFile: (file: File) => void }) {
  return <FileButton label="Import services from CSV" accept=".csv,text/csv" onFile={onFile} />;
}

export function CsvImportProblems({ failure }: { failure: CsvImportFailure }) {
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm">
      <p className="font-medium text-destructive">
        {failure.file} was not imported. Fix these lines and import it again:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {failure.problems.slice(0, MAX_PROBLEMS_SHOWN).map((problem) => (
          <li key={formatCsvProblem(problem)}>{formatCsvProblem(problem)}</li>
        ))}
      </ul>
      {failure.problems.length > MAX_PROBLEMS_SHOWN && (
        <p className="mt-2">…and {failure.problems.length - MAX_PROBLEMS_SHOWN} more.</p>
      )}
    </div>
  );
}
