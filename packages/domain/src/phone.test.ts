import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPhone, PHONE_DISPLAY_MAX_LENGTH, phoneDigits } from "./phone.ts";

describe("phoneDigits", () => {
  it.each([
    ["(612) 555-0147", "6125550147"],
    ["612.555.0147", "6125550147"],
    ["+1 612 555 0147", "16125550147"],
    ["abc", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(phoneDigits(input)).toBe(expected);
  });
});

describe("formatPhone", () => {
  it.each([
    ["6125550147", "(612) 555-0147"],
    ["(612) 555-0147", "(612) 555-0147"],
    ["612-555-0147", "(612) 555-0147"],
    [" 612 555 0147 ", "(612) 555-0147"],
    ["+1 612 555 0147", "16125550147"],
    ["612555014", "612555014"],
    ["555-0147", "5550147"],
    ["61255501471", "61255501471"],
    ["phone", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it("fits the contact form's 14-character display limit", () => {
    expect(PHONE_DISPLAY_MAX_LENGTH).toBe(14);
    expect(formatPhone("6125550147")).toHaveLength(PHONE_DISPLAY_MAX_LENGTH);
  });

  const tenDigits = fc.stringMatching(/^\d{10}$/);
  const noise = fc.array(fc.constantFrom(" ", "-", ".", "(", ")", "+", "x", "#"), {
    maxLength: 3,
  });
  /** Ten digits with punctuation sprinkled between them. */
  const punctuatedTenDigits = fc
    .tuple(tenDigits, fc.array(noise, { minLength: 11, maxLength: 11 }))
    .map(
      ([digits, gaps]) =>
        [...digits].map((digit, i) => (gaps[i] ?? []).join("") + digit).join("") +
        (gaps[10] ?? []).join(""),
    );

  it("formats any 10 digits, however punctuated, as (AAA) BBB-CCCC", () => {
    fc.assert(
      fc.property(punctuatedTenDigits, (input) => {
        expect(formatPhone(input)).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
      }),
    );
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), punctuatedTenDigits), (input) => {
        expect(formatPhone(formatPhone(input))).toBe(formatPhone(input));
      }),
    );
  });

  it("preserves the digits and their order", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), punctuatedTenDigits), (input) => {
        expect(phoneDigits(formatPhone(input))).toBe(phoneDigits(input));
      }),
    );
  });

  it("returns only the digits when there are not exactly 10", () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        fc.pre(phoneDigits(input).length !== 10);
        expect(formatPhone(input)).toBe(phoneDigits(input));
      }),
    );
  });
});
