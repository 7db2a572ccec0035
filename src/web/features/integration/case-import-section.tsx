import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useId, useState } from "react";
import { formatLifeSpan, formatServiceDateTime } from "../../../shared/format-date";
import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
} from "../../../shared/integration";
import { Button } from "../../components/ui/button";
import { FileButton } from "../../components/ui/file-button";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { apiRequest, messageOf } from "../../lib/api";
import { PROGRAMS_QUERY_KEY } from "../../lib/program-queries";
import { toast } from "../../lib/toast-store";
import { toastFailure, useGoToPlans } from "../billing/plan-required";
import { IntegrationSection, ScrollingTable } from "./section";

type CaseFile = { fileName: string; content: string };

const MAX_PROBLEMS_SHOWN = 30;

export function CaseImportSection() {
  const queryClient = useQueryClient();
  const goToPlans = useGoToPlans();
  const [file, setFile] = useState<CaseFile | null>(null);
  const [imported, setImported] = useState<number | null>(null);
  const preview = useMutation({
    mutationFn: (request: CaseFile & { mapping?: ImportMapping }) =>
      apiRequest<ImportPreview>("POST", "/api/integration/import/preview", request),
    onError: (error) =>
      toast({ title: messageOf(error, "The file could not be read"), variant: "destructive" }),
  });
  const commit = useMutation({
    mutationFn: (request: CaseFile & { mapping: ImportMapping }) =>
      apiRequest<{ id: string }[]>("POST", "/api/integration/import", request),
    onSuccess: (created) => {
      setImported(created.length);
      setFile(null);
      preview.reset();
      toast({ title: `Imported ${created.length} program${created.length === 1 ? "" : "s"}` });
    },
    onError: (error) =>
      toastFailure(
        { title: "Nothing was imported", description: messageOf(error, "Please try again.") },
        error,
        goToPlans,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PROGRAMS_QUERY_KEY }),
  });

  const choose = async (chosen: File) => {
    const next = { fileName: chosen.name, content: await chosen.text() };
    setFile(next);
    setImported(null);
    preview.mutate(next);
  };
  const remap = (column: string, field: ImportField | "") => {
    if (!file || !preview.data) return;
    preview.mutate({ ...file, mapping: { ...preview.data.mapping, [column]: field } });
  };
  const data = preview.data;

  return (
    <IntegrationSection
      id="case-import"
      title="Import cases"
      description="Upload an export of cases from your case system (CSV or JSON). Check how its columns fill each program, then create all the programs at once."
    >
      <FileButton
        label="Choose a case export (CSV or JSON)"
        accept=".csv,.json,text/csv,application/json"
        onFile={choose}
      />
      {imported !== null && (
        <p role="status" className="text-sm">
          Created {imported} program{imported === 1 ? "" : "s"}.{" "}
          <Link to="/programs" className="font-medium text-primary underline underline-offset-4">
            See them in My Programs
          </Link>
        </p>
      )}
      {file && data && (
        <>
          <ColumnMapping preview={data} onChange={remap} disabled={preview.isPending} />
          <PreviewTable preview={data} />
          <Problems preview={data} />
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <Button
              disabled={data.problems.length > 0 || commit.isPending || preview.isPending}
              onClick={() => commit.mutate({ ...file, mapping: data.mapping })}
            >
              Import {data.totalRows} program{data.totalRows === 1 ? "" : "s"}
            </Button>
            <p className="text-sm text-muted-foreground">
              {data.mappingSource === "saved"
                ? "Using the mapping you saved for these columns."
                : "The mapping is saved for your next export with these columns."}
            </p>
          </div>
        </>
      )}
    </IntegrationSection>
  );
}

function ColumnMapping({
  preview,
  onChange,
  disabled,
}: {
  preview: ImportPreview;
  onChange: (column: string, field: ImportField | "") => void;
  disabled: boolean;
}) {
  const baseId = useId();
  return (
    <fieldset className="space-y-3">
      <legend className="mb-1 font-medium">
        {preview.columns.length} columns found: choose the program field each one fills
      </legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {preview.columns.map((column, i) => (
          <div key={column} className="space-y-1.5">
            <Label htmlFor={`${baseId}-${i}`} className="break-all">
              {column}
            </Label>
            <NativeSelect
              id={`${baseId}-${i}`}
              value={preview.mapping[column] ?? ""}
              disabled={disabled}
              onChange={(e) => onChange(column, e.target.value as ImportField | "")}
            >
              <option value="">Not imported</option>
              {IMPORT_FIELDS.map((field) => (
                <option key={field} value={field}>
                  {IMPORT_FIELD_LABELS[field]}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  return (
    <ScrollingTable label="Import preview">
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="p-3 text-left font-medium">
          The first {preview.previewRows.length} of {preview.totalRows} programs as they will be created
        </caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className="p-2">
              Name
            </th>
            <th scope="col" className="p-2">
              Life dates
            </th>
            <th scope="col" className="p-2">
              Service
            </th>
            <th scope="col" className="p-2">
              Location
            </th>
            <th scope="col" className="p-2">
              Officiant
            </th>
          </tr>
        </thead>
        <tbody>
          {preview.previewRows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are shown in file order and never reordered
            <tr key={i} className="border-t align-top">
              <td className="p-2 font-medium">
                {row.fullName || "—"}
                {row.preferredName && <span className="text-muted-foreground"> ({row.preferredName})</span>}
              </td>
              <td className="p-2">{formatLifeSpan(row.birthDate, row.passingDate) || "—"}</td>
              <td className="p-2">{formatServiceDateTime(row.serviceDate) || row.serviceDate || "—"}</td>
              <td className="p-2">{row.location || "—"}</td>
              <td className="p-2">{row.officiant || "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollingTable>
  );
}

function Problems({ preview }: { preview: ImportPreview }) {
  if (preview.problems.length === 0) {
    return <p className="text-sm text-muted-foreground">Every case is ready to import.</p>;
  }
  return (
    <div role="alert" className="rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm">
      <p className="font-medium text-destructive">
        Nothing will be imported until these are fixed, in the file or in the mapping:
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {preview.problems.slice(0, MAX_PROBLEMS_SHOWN).map((p) => {
          const text = `Row ${p.row}: ${p.field ? `${IMPORT_FIELD_LABELS[p.field as ImportField] ?? p.field}: ` : ""}${p.message}`;
          return <li key={text}>{text}</li>;
        })}
      </ul>
      {preview.problems.length > MAX_PROBLEMS_SHOWN && (
        <p className="mt-2">…and {preview.problems.length - MAX_PROBLEMS_SHOWN} more.</p>
      )}
    </div>
  );
}
