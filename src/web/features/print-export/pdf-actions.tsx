// STUB owned by the print-engine work (issue 4): Download PDF and Print in the builder's header.
import { Button } from "../../components/ui/button";

export type PdfActionProps = {
  /** Saves the draft if needed and resolves to the program's id. */
  ensureSaved: () => Promise<string>;
};

export function DownloadPdfButton(_props: PdfActionProps) {
  return (
    <Button variant="outline" disabled title="PDF download is coming soon">
      Download PDF
    </Button>
  );
}

export function PrintButton(_props: PdfActionProps) {
  return (
    <Button variant="outline" disabled title="Printing is coming soon">
      Print
    </Button>
  );
}
