import fc from "fast-check";
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

/** The ASCII triggers a spreadsheet reads as the start of a formula. */
const TRIGGER = /^[=+\-@\t\r]/;

/** Every code point whose NFKC form starts with a trigger (＝, ﹢, ⁼, ＠, ﬩ …), found by scanning all of Unicode. */
const TRIGGER_LOOKALIKES = Array.from({ length: 0x110000 }, (_, cp) => cp)
  .filter((cp) => cp < 0xd800 || cp > 0xdfff)
  .map((cp) => String.fromCodePoint(cp))
  .filter((char) => TRIGGER.test(char.normalize("NFKC")));

describe("toCsv after Unicode normalisation", () => {
  const written = (text: string) => parseCsv(toCsv(["t"], [[text]]).slice(1))[1]?.[0];

  it.each([
    "＝1+1",
    '＝HYPERLINK("http://evil.example")',
    "﹦1+1",
    "⁼1+1",
    "＋1",
    "﹢1",
    "－1",
    "﹣1",
    "＠SUM(A1)",
    "﹫SUM(A1)",
    "−1+1",
    "–1+1",
    "\u3000=1+1",
    " =1+1",
    "\u200b=1+1",
    "\ufeff=1+1",
    "\n=1+1",
  ])("prefixes %j", (text) => {
    expect(written(text)).toBe(`'${text}`);
  });

  it.each(["Maria", "１２３", "ａｂｃ", "'quoted", "Ａ=1", "1-2", ""])(
    "leaves %j alone",
    (text) => {
      expect(written(text)).toBe(text);
    },
  );

  it("finds the lookalikes it must: the fullwidth, small, superscript and subscript forms", () => {
    expect(TRIGGER_LOOKALIKES.length).toBeGreaterThan(10);
    for (const char of ["＝", "＋", "－", "＠", "﹦", "﹢", "﹣", "﹫", "⁺", "⁼", "₊", "₌"]) {
      expect(TRIGGER_LOOKALIKES).toContain(char);
    }
  });

  it("never writes a cell whose NFKC form starts with a trigger unprefixed, over the whole Unicode range", () => {
    const anyText = fc.oneof(
      fc.string({ unit: "binary", maxLength: 12 }),
      fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) }),
      fc
        .tuple(fc.constantFrom(...TRIGGER_LOOKALIKES), fc.string({ unit: "binary", maxLength: 8 }))
        .map(([first, rest]) => first + rest),
      fc
        .tuple(
          fc.constantFrom(" ", "\u3000", "\u00a0", "\u200b", "\ufeff", "\n"),
          fc.constantFrom(...TRIGGER_LOOKALIKES, "=", "+", "-", "@"),
          fc.string({ maxLength: 6 }),
        )
        .map((parts) => parts.join("")),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const cell = written(text);
        expect(cell === text || cell === `'${text}`).toBe(true);
        if (TRIGGER.test(text.normalize("NFKC"))) expect(cell).toBe(`'${text}`);
      }),
      { numRuns: 2000 },
    );
  });
});
