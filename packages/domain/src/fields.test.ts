import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { AppointmentSchema } from "./appointment/schema.ts";
import { ContactMessageSchema } from "./contact/schema.ts";
import { EMAIL_MAX_LENGTH, hasMailboxShape } from "./email.ts";
import {
  AppointmentDetailsChangeSchema,
  ContactDetailsChangeSchema,
  QuoteDetailsChangeSchema,
  StaffAppointmentSchema,
  StaffContactSchema,
  StaffQuoteSchema,
} from "./lead-entry/schema.ts";
import { AnyStatePersonalInfoSchema, PersonalInfoSchema } from "./quote/schema.ts";
import { ForgotPasswordSchema } from "./user/api.ts";
import { InviteSchema, LoginSchema } from "./user/schema.ts";

type EmailField = {
  name: string;
  schema: z.ZodType;
  invalid: string;
  tooLong: string;
  maxLength: number;
  /** Sign-in, forgot password and invitations store the address in lower case. */
  isLowerCase?: boolean;
  mayBeEmpty?: boolean;
};

const field = (
  name: string,
  schema: z.ZodType,
  messages: {
    invalid: string;
    tooLong: string;
    maxLength: number;
    isLowerCase?: boolean;
    /** Staff may leave it empty: a lead taken by phone (decision 0063). */
    mayBeEmpty?: boolean;
  },
): EmailField => ({ name, schema, ...messages });

const CONTACT = {
  invalid: "Email is invalid",
  tooLong: "Email must be at most 254 characters",
  maxLength: 254,
};
const BOOKING = {
  invalid: "Please enter a valid email address",
  tooLong: "Email must be less than 100 characters",
  maxLength: 99,
};
const QUOTE = { ...CONTACT };
const ACCOUNT = { ...CONTACT, isLowerCase: true };

/**
 * Every email field of the site, each with its own spec message for an invalid address:
 * contact, booking, quote wizard, quote dialog, sign-in, forgot password, invitations, the
 * three staff-entered leads and the three contact-details edits.
 */
const EMAIL_FIELDS: EmailField[] = [
  field("contact", ContactMessageSchema.shape.email, CONTACT),
  field("booking", AppointmentSchema.shape.email, BOOKING),
  field("quote wizard", PersonalInfoSchema.shape.email, QUOTE),
  field("quote dialog", AnyStatePersonalInfoSchema.shape.email, QUOTE),
  field("sign-in", LoginSchema.shape.email, ACCOUNT),
  field("forgot password", ForgotPasswordSchema.shape.email, ACCOUNT),
  field("invitation", InviteSchema.shape.email, ACCOUNT),
  field("staff-entered message", StaffContactSchema.shape.email, { ...CONTACT, mayBeEmpty: true }),
  field("staff-entered booking", StaffAppointmentSchema.shape.email, {
    ...BOOKING,
    mayBeEmpty: true,
  }),
  field("staff-entered quote", StaffQuoteSchema.shape.personalInfo.shape.email, {
    ...QUOTE,
    mayBeEmpty: true,
  }),
  field("message's details", ContactDetailsChangeSchema.shape.email.unwrap(), CONTACT),
  field("booking's details", AppointmentDetailsChangeSchema.shape.email.unwrap(), BOOKING),
  field("quote's details", QuoteDetailsChangeSchema.shape.email.unwrap(), QUOTE),
];

const LISTS = [
  "a@example.com,b@example.com",
  "a@example.com, b@example.com",
  "a@example.com;b@example.com",
  "a@example.com b@example.com",
  "Eve <a@example.com>",
  "a@example.com <b@example.com>",
  '"x, y" <a@example.com>',
  "a@example.com\r\nBcc: b@example.com",
  "a@example.com\u0000b@example.com",
];

/** "ａｎａ@…": the fullwidth forms (U+FF01–U+FF5E) of printable ASCII, as CJK keyboards type. */
function fullwidth(ascii: string): string {
  return ascii.replace(/[!-~]/g, (c) => String.fromCodePoint((c.codePointAt(0) ?? 0) + 0xfee0));
}

/** A valid address `length` characters long once normalised, its first letter fullwidth. */
function addressOfLength(length: number): string {
  let rest = length - "ａ@.com".length;
  const labels: string[] = [];
  while (rest > 0) {
    if (labels.length > 0) rest -= 1;
    const size = Math.min(63, rest);
    labels.push("b".repeat(size));
    rest -= size;
  }
  return `ａ@${labels.join(".")}.com`;
}

describe.each(EMAIL_FIELDS)("the $name email field", (form) => {
  const { schema, invalid } = form;
  const lower = (value: string) => (form.isLowerCase ? value.toLowerCase() : value);

  it.each(LISTS)("refuses %j with the field's message", (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(invalid);
  });

  it("accepts one plain mailbox", () => {
    expect(schema.safeParse("maria.ali@example.com").success).toBe(true);
  });

  // Decision 0048: normalised (NFKC), never refused for the visitor's keyboard.
  it.each([
    [fullwidth("Maria.Ali@Example.com"), "Maria.Ali@Example.com"],
    ["ｍａｒｉａ＠ｅｘａｍｐｌｅ．ｃｏｍ", "maria@example.com"],
    ["\u3000maria@example.com\u3000", "maria@example.com"],
    ["maria﹫example.com", "maria@example.com"],
    ["ﬁona@example.com", "fiona@example.com"],
    ["maria+quotes@example.com", "maria+quotes@example.com"],
  ])("stores %j as %j", (typed, stored) => {
    expect(schema.parse(typed)).toBe(lower(stored));
  });

  it.each([
    "a@example.com，b@example.com",
    "a@example.com；b@example.com",
    "Eve ＜a@example.com＞",
    "a＠b＠example.com",
    "a@example。com",
  ])("refuses the fullwidth list or lookalike %j with the field's message", (value) => {
    expect(schema.safeParse(value).error?.issues[0]?.message).toBe(invalid);
  });

  it("counts the length of what is stored: after normalisation", () => {
    // "㎞" is one character typed and two stored ("km"): under the limit as typed, over it stored.
    const label = "㎞".repeat(30);
    let domain = label;
    while (`a@${domain}.com`.normalize("NFKC").length <= form.maxLength) domain += `.${label}`;
    const typed = `a@${domain}.com`;
    expect(typed.length).toBeLessThanOrEqual(form.maxLength);
    expect(schema.safeParse(typed).error?.issues[0]?.message).toBe(form.tooLong);
    const exact = addressOfLength(form.maxLength);
    expect(schema.parse(exact)).toBe(lower(exact.normalize("NFKC")));
  });

  it("stores only NFKC, trimmed, one-mailbox addresses within the limit, over the whole Unicode range", () => {
    const anything = fc.oneof(
      fc.string({ unit: "binary", maxLength: 40 }),
      fc.emailAddress().map(fullwidth),
      fc
        .tuple(fc.emailAddress(), fc.string({ unit: "binary", maxLength: 4 }), fc.nat())
        .map(([email, piece, at]) => {
          const position = at % (email.length + 1);
          return email.slice(0, position) + piece + email.slice(position);
        }),
    );
    fc.assert(
      fc.property(anything, (value) => {
        const result = schema.safeParse(value);
        if (!result.success) return;
        const stored = result.data as string;
        if (stored === "") {
          // Only a field staff may leave empty stores nothing, and only for blank input.
          expect(form.mayBeEmpty).toBe(true);
          expect(value.normalize("NFKC").trim()).toBe("");
          return;
        }
        expect(stored).toBe(lower(stored.normalize("NFKC").trim()));
        expect(hasMailboxShape(stored)).toBe(true);
        expect(stored.length).toBeLessThanOrEqual(Math.min(form.maxLength, EMAIL_MAX_LENGTH));
      }),
      { numRuns: 300 },
    );
  });
});

/** Unsafe in stored text: controls (but tab and newline), bidi controls, lone surrogates. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this rule is about
const UNSAFE = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uD800-\uDFFF]/u;
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 8 }),
  fc.constantFrom("\u0000", "\u202e", "\u2066", "\ud800", "\udc00", "\u001b", "\u0085", "\r"),
);

/** Inserts a hostile piece into one string of a valid payload, keeping it otherwise valid. */
function withHostileText(valid: Record<string, unknown>) {
  const keys = Object.keys(valid).filter((key) => typeof valid[key] === "string");
  return fc.tuple(fc.constantFrom(...keys), hostile, fc.nat()).map(([key, piece, at]) => {
    const text = valid[key] as string;
    const position = at % (text.length + 1);
    return { ...valid, [key]: text.slice(0, position) + piece + text.slice(position) };
  });
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

const VALID: [string, z.ZodType, Record<string, unknown>][] = [
  [
    "contact",
    ContactMessageSchema,
    {
      firstName: "Maria",
      lastName: "Ali",
      email: "maria.ali@example.com",
      phone: "6125550100",
      subject: "Other",
      message: "Hello,\nplease call me.",
      notRobot: true,
    },
  ],
  [
    "booking",
    AppointmentSchema,
    {
      name: "Maria Ali",
      email: "maria.ali@example.com",
      phone: "6125550100",
      date: "2030-03-05",
      time: "10:00 AM",
      service: "Auto Insurance",
      message: "Cabin and boat",
    },
  ],
  [
    "quote wizard",
    PersonalInfoSchema,
    {
      firstName: "Maria",
      lastName: "Ali",
      email: "maria.ali@example.com",
      phone: "6125550100",
      address: "100 Main St",
      city: "Minneapolis",
      state: "MN",
      zip: "55401",
      dob: "1980-01-01",
    },
  ],
  [
    "invitation",
    InviteSchema,
    { email: "new.agent@example.com", firstName: "Kai", lastName: "Lee" },
  ],
];

describe.each(VALID)("the %s form's text", (_name, schema, valid) => {
  it("is stored without a control, bidi or lone-surrogate character, whatever is typed", () => {
    fc.assert(
      fc.property(withHostileText(valid), (input) => {
        const result = schema.safeParse(input);
        if (!result.success) return;
        for (const text of stringsOf(result.data)) {
          expect(text).not.toMatch(UNSAFE);
          expect(text.isWellFormed()).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
