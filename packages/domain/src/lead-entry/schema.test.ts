import { describe, expect, it } from "vitest";
import { AppointmentSchema } from "../appointment/schema.ts";
import { ContactMessageSchema } from "../contact/schema.ts";
import { AnyStatePersonalInfoSchema } from "../quote/schema.ts";
import {
  LEAD_ENTRY_MESSAGES,
  StaffAppointmentSchema,
  StaffContactSchema,
  StaffQuoteSchema,
} from "./schema.ts";

/** A lead staff took by phone or at the counter needs no email: a phone is enough (issue 27). */
const contact = {
  firstName: "Maria",
  lastName: "Ali",
  phone: "(612) 555-0382",
  subject: "Auto Insurance",
  message: "Called about her renewal.",
  source: "phone",
};
const booking = {
  name: "Ahmed Hassan",
  phone: "(763) 555-2001",
  date: "2026-12-15",
  time: "10:00 AM",
  service: "Home Insurance",
  source: "walk-in",
};

/** The email and phone messages a parse reports, by field name. */
function contactIssues(result: { success: boolean; error?: { issues: unknown[] } }) {
  const issues = (result.error?.issues ?? []) as { path: PropertyKey[]; message: string }[];
  return Object.fromEntries(
    issues
      .filter((issue) => ["email", "phone"].includes(String(issue.path.at(-1))))
      .map((issue) => [String(issue.path.at(-1)), issue.message]),
  );
}

describe("staff entry without an email", () => {
  const cases = [
    { email: undefined, phone: contact.phone, stored: "", issues: {} },
    { email: "", phone: contact.phone, stored: "", issues: {} },
    { email: "   ", phone: contact.phone, stored: "", issues: {} },
    { email: " Ana@Example.com ", phone: contact.phone, stored: "Ana@Example.com", issues: {} },
    {
      email: "not-an-email",
      phone: contact.phone,
      stored: null,
      issues: { email: "Email is invalid" },
    },
    {
      email: undefined,
      phone: "",
      stored: null,
      issues: { phone: LEAD_ENTRY_MESSAGES.phoneRequired },
    },
    {
      email: "a@b.us",
      phone: "",
      stored: null,
      issues: { phone: LEAD_ENTRY_MESSAGES.phoneRequired },
    },
  ];

  it.each(cases)("message: email $email, phone $phone", ({ email, phone, stored, issues }) => {
    const result = StaffContactSchema.safeParse({ ...contact, phone, email });
    expect(result.success ? result.data.email : null).toBe(stored);
    expect(contactIssues(result)).toEqual(issues);
  });

  it.each(cases)("booking: email $email, phone $phone", ({ email, phone, stored, issues }) => {
    const result = StaffAppointmentSchema.safeParse({ ...booking, phone, email });
    expect(result.success ? result.data.email : null).toBe(stored);
    expect(contactIssues(result)).toEqual(
      "email" in issues ? { email: "Please enter a valid email address" } : issues,
    );
  });

  it.each(cases)("quote request: email $email, phone $phone", ({ email, phone }) => {
    const result = StaffQuoteSchema.safeParse({ personalInfo: { phone, email } });
    expect(result.success).toBe(false);
    const personal = contactIssues(result);
    // The email is never "required"; the phone's message names both fields.
    expect(personal.email ?? "").not.toMatch(/required/i);
    if (!phone) expect(personal.phone).toBe(LEAD_ENTRY_MESSAGES.phoneRequired);
  });

  it("names both fields when the phone is missing", () => {
    expect(LEAD_ENTRY_MESSAGES.phoneRequired).toMatch(/phone/i);
    expect(LEAD_ENTRY_MESSAGES.phoneRequired).toMatch(/email/i);
  });

  it("leaves the public forms' rules alone: the email is required there", () => {
    const { source: _s, ...publicContact } = contact;
    expect(
      contactIssues(ContactMessageSchema.safeParse({ ...publicContact, notRobot: true })),
    ).toMatchObject({ email: "Email is required" });
    const { source: _b, ...publicBooking } = booking;
    expect(contactIssues(AppointmentSchema.safeParse(publicBooking)).email).toMatch(/required/i);
    expect(
      contactIssues(AnyStatePersonalInfoSchema.safeParse({ phone: contact.phone })).email,
    ).toMatch(/required/i);
  });
});
