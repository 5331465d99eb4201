import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, isSingleMailbox } from "./email.ts";

describe("isSingleMailbox: one email field, one mailbox (decision 0022)", () => {
  it.each([
    "maria.ali@example.com",
    "maria+quotes@example.co.uk",
    "o'brien@example.com",
    "first_last-1@sub.example-domain.org",
    "josé@exämple.com",
    "user@xn--exmple-cua.com",
    "a@b.io",
  ])("accepts %j", (address) => {
    expect(isSingleMailbox(address)).toBe(true);
  });

  it.each([
    // Lists, in every way a mail library reads one.
    "a@example.com,b@example.com",
    "a@example.com, b@example.com",
    "a@example.com;b@example.com",
    "a@example.com b@example.com",
    "a@example.com\nb@example.com",
    "a@example.com\tb@example.com",
    "Eve <a@example.com>",
    "<a@example.com>",
    '"a@x.com, b"@example.com',
    "a@example.com <b@example.com>",
    "undisclosed:a@example.com,b@example.com;",
    "a@example.com (comment)",
    "a@example.com\u0000b@example.com",
    "a@example.com\u2028b@example.com",
    "a@example.com\u202e",
    // Not one mailbox at all.
    "a@@example.com",
    "a@b@example.com",
    "@example.com",
    "a@",
    "a@localhost",
    "a@example",
    "a@example.c",
    "a@.example.com",
    "a@example..com",
    "a@-example.com",
    "a.@example.com",
    ".a@example.com",
    "a..b@example.com",
    "a\\b@example.com",
    "a@[127.0.0.1]",
    "a@example.com.",
    "",
    `${"a".repeat(65)}@example.com`,
    `a@${"b".repeat(64)}.com`,
    `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(59)}.com`,
  ])("refuses %j", (address) => {
    expect(isSingleMailbox(address)).toBe(false);
  });

  it("refuses anything holding a separator, a space or a control character", () => {
    const part = fc.stringMatching(/^[a-z0-9]{1,10}$/);
    const separator = fc.constantFrom(
      ",",
      ";",
      " ",
      "<",
      ">",
      '"',
      ":",
      "(",
      ")",
      "\\",
      "\u0000",
      "\r",
      "\n",
      "\t",
      "\u00a0",
      "\u3000",
    );
    fc.assert(
      fc.property(part, part, separator, fc.nat(), (local, domain, bad, at) => {
        const address = `${local}@${domain}.com`;
        const position = at % (address.length + 1);
        const withSeparator = address.slice(0, position) + bad + address.slice(position);
        expect(isSingleMailbox(withSeparator)).toBe(false);
      }),
    );
  });

  it("never accepts more than 254 characters or more than one @", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 400 }), (value) => {
        if (isSingleMailbox(value)) {
          expect(value.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
          expect(value.split("@")).toHaveLength(2);
          // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule is about
          expect(value).not.toMatch(/[\s,;<>"()\\\u0000-\u001f]/u);
        }
      }),
    );
  });
});
