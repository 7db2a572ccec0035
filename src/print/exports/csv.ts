// CSV for spreadsheet and design tools, in the browser and the CLI alike (csv-stringify's browser
// build brings its own Buffer, which the browser lacks).
import { stringify } from "csv-stringify/browser/esm/sync";

const csv = (rows: readonly (readonly string[])[], escapeFormulas: boolean) =>
  stringify(rows as string[][], {
    record_delimiter: "\r\n",
    escape_formulas: escapeFormulas,
    // Leading or trailing spaces survive a round trip only when quoted.
    quoted_match: /^\s|\s$/,
  });

/**
 * A header row and data rows to RFC 4180 CSV with CRLF line ends. A data cell starting with
 * = + - @, a tab or a carriage return is neutralised with a leading ' so a spreadsheet shows it as
 * text instead of running it as a formula (names and tributes are typed by whoever shares the
 * program). The header is ours and written as is: InDesign's image columns must start with @.
 */
export const toCsv = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  csv([header], false) + csv(rows, true);
