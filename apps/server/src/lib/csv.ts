/** Excel reads a file as UTF-8 only when it starts with this byte-order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * RFC 4180 CSV for spreadsheets: a byte-order mark, CRLF line ends. Numbers are written as
 * numbers (a negative trend stays a number). Text that a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR first) gets a leading apostrophe, so an exported lead can never
 * execute anything on an agent's PC; only text is guarded, since only text comes from
 * visitors.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${CSV_BOM}${csvLines([header, ...rows])}`;
}

/** Rows as CSV lines, each ended by CRLF (a part of a file that toCsv would write whole). */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

function csvCell(value: unknown): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvFileName(kind: string, now: Date = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}
