/**
 * Reading a CSV file another agency system exported (issue 28 §4, decision 0075): RFC 4180
 * with what real exports add. A byte-order mark is dropped; lines end in CRLF, LF or CR;
 * a quoted field may hold commas, quotes (doubled) and line breaks; an unquoted field is
 * taken as written (a stray quote inside it stays). Blank lines are skipped. Each record
 * carries the line of the file it starts on (the header is line 1), which is how the
 * import names a row to people.
 */

export type CsvRecord = { line: number; cells: string[] };

export type CsvFile = {
  records: CsvRecord[];
  /** The line a quoted field was opened on and never closed (the rest of the file is in it). */
  unclosedQuoteLine: number | null;
};

export function parseCsv(text: string): CsvFile {
  const records: CsvRecord[] = [];
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const length = text.length;
  let line = 1;
  let unclosedQuoteLine: number | null = null;
  while (index < length) {
    const startLine = line;
    const cells: string[] = [];
    let atRecordEnd = false;
    while (!atRecordEnd) {
      let cell = "";
      if (text[index] === '"') {
        const openedOn = line;
        index++;
        let closed = false;
        while (index < length) {
          const char = text[index];
          if (char === '"') {
            if (text[index + 1] === '"') {
              cell += '"';
              index += 2;
              continue;
            }
            index++;
            closed = true;
            break;
          }
          if (char === "\r") {
            // CRLF inside a field is one line break, kept as the file has it.
            line++;
            if (text[index + 1] === "\n") {
              cell += "\r\n";
              index += 2;
              continue;
            }
          } else if (char === "\n") {
            line++;
          }
          cell += char;
          index++;
        }
        if (!closed) unclosedQuoteLine ??= openedOn;
        // Anything between the closing quote and the next separator belongs to the cell.
        while (index < length && !isSeparator(text[index])) cell += text[index++];
      } else {
        const start = index;
        while (index < length && !isSeparator(text[index])) index++;
        cell = text.slice(start, index);
      }
      cells.push(cell);
      if (index >= length) {
        atRecordEnd = true;
      } else if (text[index] === ",") {
        index++;
        // A comma at the very end of the file still opens one last (empty) cell.
        if (index >= length) {
          cells.push("");
          atRecordEnd = true;
        }
      } else {
        index += text[index] === "\r" && text[index + 1] === "\n" ? 2 : 1;
        line++;
        atRecordEnd = true;
      }
    }
    if (!(cells.length === 1 && cells[0] === "")) records.push({ line: startLine, cells });
  }
  return { records, unclosedQuoteLine };
}

function isSeparator(char: string | undefined): boolean {
  return char === "," || char === "\n" || char === "\r";
}

/** Cells as one CSV line (quoted when they hold a comma, quote or line break), CRLF-ended. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map((cell) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)).join(",")}\r\n`;
}
