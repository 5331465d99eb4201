import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanText, stripTags } from "./sanitize.ts";

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
