import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { AppointmentSchema } from "./appointment/schema.ts";
import { ContactMessageSchema } from "./contact/schema.ts";
import { AnyStatePersonalInfoSchema, PersonalInfoSchema } from "./quote/schema.ts";
import { InviteSchema, LoginSchema } from "./user/schema.ts";

/**
 * Every email field of the site, each with its own spec message for an invalid address:
 * contact, booking, quote wizard, quote dialog, sign-in, forgot password (the sign-in
 * field) and invitations.
 */
const EMAIL_FIELDS: [string, z.ZodType, string][] = [
  ["contact", ContactMessageSchema.shape.email, "Email is invalid"],
  ["booking", AppointmentSchema.shape.email, "Please enter a valid email address"],
  ["quote wizard", PersonalInfoSchema.shape.email, "Email is invalid"],
  ["quote dialog", AnyStatePersonalInfoSchema.shape.email, "Email is invalid"],
  ["sign-in and forgot password", LoginSchema.shape.email, "Email is invalid"],
  ["invitation", InviteSchema.shape.email, "Email is invalid"],
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

describe.each(EMAIL_FIELDS)("the %s email field", (_name, schema, invalid) => {
  it.each(LISTS)("refuses %j with the field's message", (value) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(invalid);
  });

  it("accepts one plain mailbox", () => {
    expect(schema.safeParse("maria.ali@example.com").success).toBe(true);
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
