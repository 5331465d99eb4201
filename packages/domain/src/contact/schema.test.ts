import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { zodIssuesToFieldErrors } from "../field-errors.ts";
import { createEmptyContactMessage } from "./defaults.ts";
import {
  CONTACT_ADMIN_MESSAGES,
  CONTACT_MESSAGES,
  CONTACT_PREVIEW_LENGTH,
  CONTACT_REPLY_HOURS,
} from "./messages.ts";
import { CONTACT_SUBJECT_VALUES, CONTACT_SUBJECTS } from "./options.ts";
import { ContactMessageSchema } from "./schema.ts";

const valid = {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.com",
  phone: "6125550100",
  subject: "Commercial Insurance",
  message: "Do you insure food trucks in Saint Paul?",
  notRobot: true,
  formattedPhone: "(612) 555-0100",
};

function errorsOf(input: unknown) {
  const result = ContactMessageSchema.safeParse(input);
  return result.success ? [] : zodIssuesToFieldErrors(result.error);
}

describe("ContactMessageSchema", () => {
  it("accepts a valid message", () => {
    expect(ContactMessageSchema.parse(valid)).toEqual(valid);
  });

  it("stores the phone as digits and allows formattedPhone to be absent", () => {
    const { formattedPhone: _omitted, ...withoutFormatted } = valid;
    const message = ContactMessageSchema.parse({ ...withoutFormatted, phone: "(612) 555-0100" });
    expect(message.phone).toBe("6125550100");
    expect(message.formattedPhone).toBeUndefined();
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["firstName", undefined, "First name is required"],
    ["firstName", "F".repeat(51), "First name must be at most 50 characters"],
    ["lastName", "", "Last name is required"],
    ["lastName", "L".repeat(51), "Last name must be at most 50 characters"],
    ["phone", "", "Phone number is required"],
    ["phone", "555-0100", "Invalid phone number format (10 digits required)"],
    ["phone", "612555010012", "Invalid phone number format (10 digits required)"],
    ["phone", "call me", "Invalid phone number format (10 digits required)"],
    ["email", "", "Email is required"],
    ["email", "ann", "Email is invalid"],
    ["email", "ann@example", "Email is invalid"],
    ["email", "@example.com", "Email is invalid"],
    ["email", "ann @example.com", "Email is invalid"],
    [
      "email",
      `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`,
      "Email must be at most 254 characters",
    ],
    ["subject", "", "Subject is required"],
    ["subject", "Business Insurance", "Please select a subject from the list"],
    ["message", "", "Message is required"],
    ["message", "<p></p>", "Message is required"],
    ["message", "m".repeat(5001), "Message must be at most 5000 characters"],
    ["notRobot", false, "Please verify you are not a robot"],
    ["notRobot", undefined, "Please verify you are not a robot"],
    ["notRobot", "true", "Please verify you are not a robot"],
    ["formattedPhone", "(612) 555-0100 x", "Formatted phone number must be at most 14 characters"],
    ["formattedPhone", 6125550100, "Formatted phone number must be text"],
  ])("%s = %j → %j", (field, value, message) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual([{ field, message }]);
  });

  it("reports every empty field with the spec's wording", () => {
    expect(errorsOf(createEmptyContactMessage())).toEqual([
      { field: "firstName", message: "First name is required" },
      { field: "lastName", message: "Last name is required" },
      { field: "email", message: "Email is required" },
      { field: "phone", message: "Phone number is required" },
      { field: "subject", message: "Subject is required" },
      { field: "message", message: "Message is required" },
      { field: "notRobot", message: "Please verify you are not a robot" },
    ]);
  });

  it("accepts boundary lengths", () => {
    expect(errorsOf({ ...valid, firstName: "F".repeat(50), message: "m".repeat(5000) })).toEqual(
      [],
    );
  });

  it("refuses an email address wrapped in markup instead of cleaning it into another", () => {
    expect(errorsOf({ ...valid, email: "<i>ann@example.com</i>" })).toEqual([
      { field: "email", message: "Email is invalid" },
    ]);
  });

  it("strips tags and trims every other text field", () => {
    const message = ContactMessageSchema.parse({
      ...valid,
      firstName: " <b>Ann</b>",
      lastName: "Lee<script>alert(1)</script> ",
      email: " ann@example.com ",
      phone: "<span>612</span>5550100",
      subject: " Other ",
      message: "<img src=x onerror=alert(1)>Hello <a href='x'>there</a>, 1 < 2",
      formattedPhone: "<b>(612)</b>",
    });
    expect(message).toMatchObject({
      firstName: "Ann",
      lastName: "Leealert(1)",
      email: "ann@example.com",
      phone: "6125550100",
      subject: "Other",
      message: "Hello there, 1 < 2",
      formattedPhone: "(612)",
    });
  });

  it("property: no stored text field holds a < that starts a tag", () => {
    const text = fc
      .array(fc.oneof(fc.string(), fc.constantFrom("<", ">", "<b>", "</", "<script", "<!--")))
      .map((parts) => `Hi ${parts.join("")}`);
    fc.assert(
      fc.property(text, text, text, (firstName, lastName, body) => {
        const result = ContactMessageSchema.safeParse({
          ...valid,
          firstName,
          lastName,
          message: body,
        });
        if (!result.success) return;
        for (const value of Object.values(result.data)) {
          if (typeof value === "string") expect(value).not.toMatch(/<[a-zA-Z/!?]/);
        }
      }),
    );
  });
});

describe("contact options and messages", () => {
  it("offers 5 subjects; Commercial Insurance is labelled Business Insurance", () => {
    expect(CONTACT_SUBJECTS).toHaveLength(5);
    expect(CONTACT_SUBJECT_VALUES).toEqual([
      "Auto Insurance",
      "Home Insurance",
      "Commercial Insurance",
      "Renter's Insurance",
      "Other",
    ]);
    expect(CONTACT_SUBJECTS.find((s) => s.value === "Commercial Insurance")?.label).toBe(
      "Business Insurance",
    );
  });

  it("keeps the spec's wording", () => {
    expect(CONTACT_MESSAGES).toMatchObject({
      successTitle: "Message Sent Successfully!",
      successBody: "Thank you for contacting us! We'll get back to you within 24 hours.",
      submitFailed: "Submission failed. Please try again later.",
    });
    expect(CONTACT_REPLY_HOURS).toBe(24);
    expect(CONTACT_ADMIN_MESSAGES.deleteFailed("Network Error")).toBe(
      "Failed to delete contact: Network Error",
    );
    expect(CONTACT_ADMIN_MESSAGES).toMatchObject({
      loadFailed: "Failed to load contacts",
      loadErrorTitle: "Error Loading Contacts",
      deleted: "Contact deleted successfully!",
      empty: "No Contacts Found",
      replySubject: "Re: Your Contact Message",
    });
    expect(CONTACT_PREVIEW_LENGTH).toEqual({ card: 100, table: 50 });
  });
});
