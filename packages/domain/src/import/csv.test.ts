import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { csvLine, parseCsv } from "./csv.ts";

const cells = (text: string) => parseCsv(text).records.map((record) => record.cells);

describe("parseCsv (decision 0075)", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks", () => {
    expect(cells('name,note\r\n"Lee, Ann","say ""hi""\r\nthere"\r\nBo,x\r\n')).toEqual([
      ["name", "note"],
      ["Lee, Ann", 'say "hi"\r\nthere'],
      ["Bo", "x"],
    ]);
  });

  it("drops a byte-order mark, takes LF, CRLF and CR, skips blank lines", () => {
    expect(cells("\uFEFFa,b\nc,d\r\ne,f\rg,h\n\n\r\n")).toEqual([
      ["a", "b"],
      ["c", "d"],
      ["e", "f"],
      ["g", "h"],
    ]);
  });

  it("numbers each record by the line it starts on (header = 1)", () => {
    const { records } = parseCsv('h\n"a\nb"\n\nc\n');
    expect(records.map((record) => record.line)).toEqual([1, 2, 5]);
  });

  it("keeps empty cells, a trailing comma and a stray quote in an unquoted field", () => {
    expect(cells('a,,b,\nx"y,1')).toEqual([
      ["a", "", "b", ""],
      ['x"y', "1"],
    ]);
  });

  it("says where a quote was never closed", () => {
    expect(parseCsv('a\n"open\nmore').unclosedQuoteLine).toBe(2);
    expect(parseCsv('a\n"closed"').unclosedQuoteLine).toBeNull();
  });

  it("reads back what csvLine writes, for any text over the whole Unicode range", () => {
    const cell = fc.string({ unit: "grapheme", maxLength: 12 });
    const row = fc.array(cell, { minLength: 2, maxLength: 6 });
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 8 }), fc.boolean(), (rows, bom) => {
        // A record that is one empty cell is a blank line, which a reader skips: give rows ≥ 2 cells.
        const text = (bom ? "\uFEFF" : "") + rows.map(csvLine).join("");
        const parsed = parseCsv(text);
        expect(parsed.unclosedQuoteLine).toBeNull();
        expect(parsed.records.map((record) => record.cells)).toEqual(rows);
      }),
      { numRuns: 300 },
    );
  });

  it("reads back LF-ended lines too, with line numbers counting the breaks inside fields", () => {
    const cell = fc.string({ unit: "binary", maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { minLength: 1 }),
        (rows) => {
          const lines = rows.map((row) => csvLine(row).replace(/\r\n$/, "\n"));
          const parsed = parseCsv(lines.join(""));
          expect(parsed.records.map((record) => record.cells)).toEqual(rows);
          let line = 1;
          rows.forEach((row, index) => {
            expect(parsed.records[index]?.line).toBe(line);
            line +=
              1 +
              row
                .join("")
                .replace(/\r\n/g, "\n")
                .split(/[\r\n]/).length -
              1;
          });
        },
      ),
      { numRuns: 300 },
    );
  });
});
