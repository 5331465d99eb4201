import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMAIL_MAX_LENGTH, emailKey, isSingleMailbox, normaliseEmail } from "./email.ts";

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

/** The fullwidth forms (U+FF01–U+FF5E) of printable ASCII, as CJK keyboards type them. */
function fullwidth(ascii: string): string {
  return ascii.replace(/[!-~]/g, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0));
}

/** Any string over the whole Unicode range: every code point, lone surrogates included. */
const anyText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((n) => String.fromCharCode(n)) }),
  fc.string({ unit: "grapheme", maxLength: 10 }),
);

describe("normaliseEmail: what an email field stores (decision 0048)", () => {
  it.each([
    ["ａ@ｘ.com", "a@x.com"],
    [fullwidth("Ana.Lee+Quotes@Example.com"), "Ana.Lee+Quotes@Example.com"],
    ["\u3000ana@example.com\t", "ana@example.com"],
    ["ana﹫example.com", "ana@example.com"],
    ["ﬁ@example.com", "fi@example.com"],
    ["Ana@Example.com", "Ana@Example.com"],
  ])("%j → %j", (typed, stored) => {
    expect(normaliseEmail(typed)).toBe(stored);
  });

  it("is idempotent and NFKC-stable over the whole Unicode range", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const once = normaliseEmail(value);
        expect(normaliseEmail(once)).toBe(once);
        expect(once.normalize("NFKC")).toBe(once);
      }),
    );
  });
});

describe("emailKey: when two addresses are the same person (decision 0048)", () => {
  it.each([
    ["ana@example.com", "ana@example.com"],
    ["Ana@Example.COM", "ana@example.com"],
    ["ａｎａ@ｅｘａｍｐｌｅ.ｃｏｍ", "ana@example.com"],
    ["ana+quotes@example.com", "ana@example.com"],
    ["ANA+Quotes+2026@EXAMPLE.com", "ana@example.com"],
    [fullwidth("Ana+Tag@Example.com"), "ana@example.com"],
    ["ana+@example.com", "ana@example.com"],
    // No address before the tag: nothing to drop it from.
    ["+ana@example.com", "+ana@example.com"],
    ["STRAẞE@example.com", "strasse@example.com"],
    ["straße@example.com", "strasse@example.com"],
    ["ΣΟΦΙΑ@example.gr", "σοφια@example.gr"],
    ["josé@exämple.com", "josé@exämple.com"],
    ["jose\u0301@example.com", "josé@example.com"],
    // Dots are kept: only some providers ignore them.
    ["a.na@example.com", "a.na@example.com"],
  ])("%j → %j", (address, key) => {
    expect(emailKey(address)).toBe(key);
  });

  it("is idempotent over the whole Unicode range", () => {
    fc.assert(
      fc.property(anyText, (value) => {
        const key = emailKey(value);
        expect(emailKey(key)).toBe(key);
      }),
      { numRuns: 2000 },
    );
  });

  it("gives a fullwidth, a differently cased and a tagged address the key of the plain one", () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/);
    const domain = fc.stringMatching(/^[a-z0-9]{1,10}\.[a-z]{2,5}$/);
    const tag = fc.string({ unit: "binary", maxLength: 8 }).filter((t) => !t.includes("@"));
    fc.assert(
      fc.property(local, domain, tag, (name, host, label) => {
        const plain = `${name}@${host}`;
        const key = emailKey(plain);
        expect(emailKey(fullwidth(plain))).toBe(key);
        expect(emailKey(plain.toUpperCase())).toBe(key);
        expect(emailKey(`${name}+${label}@${host}`)).toBe(key);
        expect(emailKey(fullwidth(`${name.toUpperCase()}+${label}@${host}`))).toBe(key);
      }),
    );
  });

  it("keeps different people apart: addresses that differ beyond case and tag differ", () => {
    const local = fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,10}$/);
    fc.assert(
      fc.property(local, local, (a, b) => {
        fc.pre(a !== b);
        expect(emailKey(`${a}@example.com`)).not.toBe(emailKey(`${b}@example.com`));
        expect(emailKey(`x@${a}.com`)).not.toBe(emailKey(`x@${b}.com`));
      }),
    );
  });
});
