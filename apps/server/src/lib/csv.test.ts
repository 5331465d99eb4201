import { describe, expect, it } from "vitest";
import { parseCsv } from "../test/csv.ts";
import { CSV_BOM, toCsv } from "./csv.ts";

describe("toCsv", () => {
  it("starts with a byte-order mark and ends every row with CRLF", () => {
    const csv = toCsv(["a", "b"], [["x", 1]]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv.slice(1)).toBe("a,b\r\nx,1\r\n");
  });

  it("writes numbers as numbers, negative ones too, and guards text that looks like a formula", () => {
    const csv = toCsv(["n"], [[-12.5], [0], ["-12.5"], ["=1+1"], ["@SUM(A1)"], [Number.NaN]]);
    expect(parseCsv(csv.slice(1)).map((row) => row[0])).toEqual([
      "n",
      "-12.5",
      "0",
      "'-12.5",
      "'=1+1",
      "'@SUM(A1)",
      "",
    ]);
  });

  it("quotes commas, quotes and line breaks so a parser gets the text back", () => {
    const text = 'He said "hi",\r\nthen left';
    expect(parseCsv(toCsv(["t"], [[text]]).slice(1))).toEqual([["t"], [text]]);
  });
});
