import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanMultilineText, cleanText, hasUnsafeCharacters, stripTags } from "./sanitize.ts";

/** Where an HTML parser would start a tag, comment or processing instruction. */
const TAG_START = /<[a-zA-Z/!?]/;

describe("stripTags", () => {
  it.each([
    ["<b>bold</b>", "bold"],
    ["<script>alert(1)</script>", "alert(1)"],
    ['<img src=x onerror="alert(1)">', ""],
    ["<img src=x onerror=alert(1)", ""],
    ["<<b>script>alert(1)<</b>/script>", "alert(1)"],
    ["<!-- comment -->text", "text"],
    ["<?xml version='1.0'?>text", "text"],
    ["<b <i>nested</i>", "nested"],
    ["</p>", ""],
    ["a < b and c > d", "a < b and c > d"],
    ["2 <3", "2 <3"],
    ["plain text", "plain text"],
    ["", ""],
    ["Tom & Jerry's <3", "Tom & Jerry's <3"],
  ])("%j → %j", (input, expected) => {
    expect(stripTags(input)).toBe(expected);
  });

  const htmlish = fc
    .array(
      fc.oneof(
        fc.string(),
        fc.constantFrom("<", ">", "</", "<b>", "<script", "<!--", "<?", "<<", "a", " "),
      ),
    )
    .map((parts) => parts.join(""));

  it("never leaves a < that starts a tag", () => {
    fc.assert(
      fc.property(htmlish, (input) => {
        expect(stripTags(input)).not.toMatch(TAG_START);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(htmlish, (input) => {
        expect(stripTags(stripTags(input))).toBe(stripTags(input));
      }),
    );
  });

  it("leaves text without < untouched", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        fc.pre(!input.includes("<"));
        expect(stripTags(input)).toBe(input);
      }),
    );
  });
});

describe("cleanText", () => {
  it("strips tags, then trims", () => {
    expect(cleanText("  <em>Hello</em> world \n")).toBe("Hello world");
    expect(cleanText(" <br/> ")).toBe("");
  });
});

/** Control characters (but tab, LF, CR), DEL, C1, bidi controls, lone surrogates. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule is about
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;

/** Any string, with the characters that broke PostgreSQL or reverse names mixed in. */
const hostileText = fc
  .array(
    fc.oneof(
      fc.string({ unit: "binary" }),
      fc.constantFrom(
        "\u0000",
        "\u0007",
        "\u001b",
        "\u007f",
        "\u0085",
        "\u009f",
        "\u202e",
        "\u202a",
        "\u2066",
        "\u2069",
        "\ud800",
        "\udfff",
        "\u2028",
        "\u2029",
        "\r\n",
        "\t",
        "😀",
        "<b>",
      ),
    ),
  )
  .map((parts) => parts.join(""));

describe("cleanText and cleanMultilineText: the text every field accepts (decision 0022)", () => {
  it.each([
    ["Ma\u0000ria", "Maria"],
    ["\u202eilA airaM", "ilA airaM"],
    ["Maria \u2066Ali\u2069", "Maria Ali"],
    ["a\ud800b", "ab"],
    ["😀 smile", "😀 smile"],
    ["line one\nline two", "line one line two"],
    ["tab\there", "tab here"],
    ["<scr\u0000ipt>x", "x"],
    ["\u200fשלום", "\u200fשלום"],
  ])("one line: %j → %j", (input, expected) => {
    expect(cleanText(input)).toBe(expected);
  });

  it.each([
    ["line one\r\nline two", "line one\nline two"],
    ["col\tumn", "col\tumn"],
    ["a\u2028b\rc", "a\nb\nc"],
    ["bell\u0007 and \u202eoverride", "bell and override"],
  ])("multi-line: %j → %j", (input, expected) => {
    expect(cleanMultilineText(input)).toBe(expected);
  });

  it("never leaves an unsafe character, a line break in one-line text, or a tag", () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        const line = cleanText(input);
        expect(line).not.toMatch(UNSAFE);
        expect(line).not.toMatch(/[\t\n\r\u2028\u2029]/);
        expect(line).not.toMatch(TAG_START);
        expect(line.isWellFormed()).toBe(true);
        const text = cleanMultilineText(input);
        expect(text).not.toMatch(UNSAFE);
        expect(text).not.toMatch(/\r|[\u2028\u2029]/);
        expect(text).not.toMatch(TAG_START);
        expect(text.isWellFormed()).toBe(true);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(hostileText, (input) => {
        expect(cleanText(cleanText(input))).toBe(cleanText(input));
        expect(cleanMultilineText(cleanMultilineText(input))).toBe(cleanMultilineText(input));
      }),
    );
  });

  it("keeps every letter, digit, emoji and mark of any script", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (input) => {
        fc.pre(!UNSAFE.test(input) && !/[<\s]/u.test(input));
        expect(cleanText(input)).toBe(input);
      }),
    );
  });

  it("hasUnsafeCharacters finds what cleaning would remove", () => {
    expect(hasUnsafeCharacters("pass\u0000word")).toBe(true);
    expect(hasUnsafeCharacters("pass\u202eword")).toBe(true);
    expect(hasUnsafeCharacters("pass\ud800word")).toBe(true);
    expect(hasUnsafeCharacters("pässwörd 😀 with spaces")).toBe(false);
  });
});
