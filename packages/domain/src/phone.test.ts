import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatPhone,
  isPhoneNumber,
  nationalPhoneDigits,
  PHONE_DISPLAY_MAX_LENGTH,
  phoneDigits,
  phoneInputDigits,
} from "./phone.ts";

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
    ["+1 612 555 0147", "(612) 555-0147"],
    ["1-612-555-0147", "(612) 555-0147"],
    ["1612555014", "1612555014"],
    ["0612555014", "0612555014"],
    ["6121550147", "6121550147"],
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

  const tenDigits = fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/);
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
        expect(phoneDigits(formatPhone(input))).toBe(nationalPhoneDigits(input));
      }),
    );
  });

  it("returns only the digits when they are not a valid number", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (input) => {
        fc.pre(!isPhoneNumber(nationalPhoneDigits(input)));
        expect(formatPhone(input)).toBe(nationalPhoneDigits(input));
      }),
    );
  });
});

describe("nationalPhoneDigits", () => {
  it.each([
    ["+1 612 555 0100", "6125550100"],
    ["+1 (612) 555-0100", "6125550100"],
    ["1.612.555.0100", "6125550100"],
    ["612 555 0100", "6125550100"],
    // Only a leading 1 on exactly 11 digits is a country code.
    ["+44 20 7946 0958", "442079460958"],
    ["2 612 555 0100", "26125550100"],
    ["1612555010", "1612555010"],
    ["11612555010", "1612555010"],
  ])("%j → %j", (input, expected) => {
    expect(nationalPhoneDigits(input)).toBe(expected);
  });
});

describe("isPhoneNumber", () => {
  it.each([
    ["6125550100", true],
    ["2025550100", true],
    ["1612555010", false],
    ["0612555010", false],
    ["6121550100", false],
    ["612555010", false],
    ["61255501000", false],
  ])("%j → %j", (digits, expected) => {
    expect(isPhoneNumber(digits)).toBe(expected);
  });
});

describe("phoneInputDigits", () => {
  const validNumber = fc.stringMatching(/^[2-9]\d{2}[2-9]\d{6}$/);
  const separator = fc.constantFrom("", " ", "-", ".");

  /** What a phone input shows after each key: the previous display plus one character. */
  function typeInto(text: string): string {
    let digits = "";
    for (const character of text) digits = phoneInputDigits(formatPhone(digits) + character);
    return digits;
  }

  it("keeps the number meant when a visitor types +1 first (not (161) 255-5010)", () => {
    expect(typeInto("+1 612 555 0100")).toBe("6125550100");
    expect(formatPhone(typeInto("+1 612 555 0100"))).toBe("(612) 555-0100");
  });

  it("keeps the number meant when typed with a country code, however punctuated", () => {
    fc.assert(
      fc.property(validNumber, separator, fc.boolean(), (number, gap, hasPlus) => {
        const typed = `${hasPlus ? "+" : ""}1${gap}${number.slice(0, 3)}${gap}${number.slice(3, 6)}${gap}${number.slice(6)}`;
        expect(typeInto(typed)).toBe(number);
      }),
    );
  });

  it("takes a pasted number whole", () => {
    expect(phoneInputDigits("+1 (612) 555-0100")).toBe("6125550100");
    expect(phoneInputDigits("(612) 555-0100")).toBe("6125550100");
  });

  it("never cuts a number that is too long into one that looks right", () => {
    expect(phoneInputDigits("612 555 0100 9")).toBe("61255501009");
    expect(isPhoneNumber(phoneInputDigits("+44 20 7946 0958"))).toBe(false);
  });

  it("never shows more than 14 characters", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (typed) => {
        expect(formatPhone(phoneInputDigits(typed)).length).toBeLessThanOrEqual(
          PHONE_DISPLAY_MAX_LENGTH,
        );
      }),
    );
  });
});
