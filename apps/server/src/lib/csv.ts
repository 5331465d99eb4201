/** Excel reads a file as UTF-8 only when it starts with this byte-order mark. */
export const CSV_BOM = "\uFEFF";

/**
 * What a spreadsheet runs as a formula when a cell starts with it: =, +, -, @, tab and CR
 * (OWASP's list), and the lookalikes a spreadsheet may read as a minus sign: every dash
 * (Unicode's Pd), the minus sign U+2212 and the heavy plus and minus signs. An apostrophe
 * in front of a cell that merely looks like one costs nothing.
 */
const FORMULA_TRIGGER = /^[=+\-@\t\r\p{Pd}\u2212\u2795\u2796]/u;

/** Characters an application may skip before it reads a formula: spaces of any kind, invisible ones. */
const LEADING_SKIPPABLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]+/u;

/**
 * Whether a spreadsheet could read the text as a formula: it starts with a trigger as it is,
 * after Unicode NFKC (a fullwidth `＝1+1`, a small `﹢`, a superscript `⁼`: the forms a
 * spreadsheet's input method or import may fold to the ASCII ones), or after leading
 * spaces and invisible characters.
 */
export function isFormulaLike(text: string): boolean {
  const folded = text.normalize("NFKC");
  return (
    FORMULA_TRIGGER.test(text) ||
    FORMULA_TRIGGER.test(folded) ||
    FORMULA_TRIGGER.test(folded.replace(LEADING_SKIPPABLE, ""))
  );
}

/**
 * RFC 4180 CSV for spreadsheets: a byte-order mark, CRLF line ends. Numbers are written as
 * numbers (a negative trend stays a number). Text a spreadsheet could run as a formula
 * (isFormulaLike) gets a leading apostrophe, so an exported lead can never execute anything
 * on an agent's PC; only text is guarded, since only text comes from visitors.
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
  if (isFormulaLike(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvFileName(kind: string, now: Date = new Date()): string {
  return `${kind}-${now.toISOString().slice(0, 10)}.csv`;
}
