// RFC 4180 CSV without a Node dependency, so the same export runs in the browser and the CLI.

const quote = (value: string) =>
  /[",\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

/** Rows to CSV text with CRLF line ends (what spreadsheet and design tools expect). */
export const toCsv = (rows: readonly (readonly string[])[]) =>
  `${rows.map((row) => row.map(quote).join(",")).join("\r\n")}\r\n`;
