import { describe, expect, it } from "vitest";
import type * as z from "zod";
import { zodIssuesToFieldErrors } from "../field-errors.ts";
import { bookingRequest } from "../test-support/appointment.ts";
import { createEmptyAppointment } from "./defaults.ts";
import {
  APPOINTMENT_ADMIN_MESSAGES,
  APPOINTMENT_FORM_ERROR,
  APPOINTMENT_MESSAGES,
} from "./messages.ts";
import { APPOINTMENT_SERVICES, DEFAULT_APPOINTMENT_SERVICE, TIME_SLOTS } from "./options.ts";
import { AppointmentSchema, createAppointmentSchema } from "./schema.ts";

/** Monday 2026-11-23, 09:30 CST. */
const NOW = new Date("2026-11-23T15:30:00Z");
const schema = createAppointmentSchema(NOW);

const valid = bookingRequest();

function errorsOf(target: z.ZodType, input: unknown) {
  const result = target.safeParse(input);
  return result.success ? [] : zodIssuesToFieldErrors(result.error);
}

describe("AppointmentSchema", () => {
  it("accepts a valid booking and normalises it", () => {
    expect(schema.parse({ ...valid, name: "  <b>Mary-Kate O'Neil</b> " })).toEqual({
      ...valid,
      phone: "6125550199",
    });
  });

  it("treats the message as optional (decision 0003)", () => {
    const { message: _omitted, ...withoutMessage } = valid;
    expect(schema.parse(withoutMessage).message).toBe("");
    expect(schema.parse({ ...valid, message: "" }).message).toBe("");
    expect(schema.parse({ ...valid, message: "Hi" }).message).toBe("Hi");
  });

  it.each([
    ["name", "", "Full name is required"],
    ["name", "   ", "Full name is required"],
    ["name", undefined, "Full name is required"],
    ["name", "J", "Name must be at least 2 characters long"],
    ["name", "J".repeat(51), "Name must be less than 50 characters"],
    ["name", "John3", "Name can only contain letters, spaces, hyphens, and apostrophes"],
    ["name", "Jane_Doe", "Name can only contain letters, spaces, hyphens, and apostrophes"],
    ["email", "", "Email address is required"],
    ["email", "mary.example.com", "Please enter a valid email address"],
    ["email", "mary@example", "Please enter a valid email address"],
    [
      "email",
      `${"m".repeat(60)}@${"e".repeat(27)}.example.com`,
      "Email must be less than 100 characters",
    ],
    ["phone", "", "Phone number is required"],
    ["phone", "555-0199", "Phone number must be 10 digits"],
    ["phone", "+44 20 7946 0958", "Phone number must be 10 digits"],
    ["date", "", "Appointment date is required"],
    ["date", undefined, "Appointment date is required"],
    ["date", "2026-11-31", "Please select a valid date"],
    ["date", "2026-11-20", "Please select a future date"],
    ["date", "2026-11-28", "Please select a weekday (Monday-Friday)"],
    ["date", "2026-11-26", "The office is closed on Thanksgiving Day. Please choose another day."],
    ["time", "", "Time slot is required"],
    ["time", "10:30 AM", "Please select a valid time slot"],
    ["service", "", "Insurance type is required"],
    ["service", "Life Insurance", "Insurance type is required"],
    ["message", "m".repeat(1000), "Message must be less than 1000 characters"],
    ["message", 42, "Message must be text"],
  ])("%s = %j → %j", (field, value, message) => {
    expect(errorsOf(schema, { ...valid, [field]: value })).toEqual([{ field, message }]);
  });

  it("rejects a slot that has started today", () => {
    expect(errorsOf(schema, { ...valid, date: "2026-11-23", time: "09:00 AM" })).toEqual([
      { field: "time", message: "That time has already passed. Please choose a later time." },
    ]);
    expect(errorsOf(schema, { ...valid, date: "2026-11-23", time: "10:00 AM" })).toEqual([]);
  });

  it("reports a passed slot together with other fields' errors", () => {
    expect(errorsOf(schema, { ...valid, name: "J", date: "2026-11-23", time: "09:00 AM" })).toEqual(
      [
        { field: "name", message: "Name must be at least 2 characters long" },
        { field: "time", message: "That time has already passed. Please choose a later time." },
      ],
    );
  });

  it("reports one message per field, the first in the spec's order", () => {
    expect(errorsOf(schema, {})).toEqual([
      { field: "name", message: "Full name is required" },
      { field: "email", message: "Email address is required" },
      { field: "phone", message: "Phone number is required" },
      { field: "date", message: "Appointment date is required" },
      { field: "time", message: "Time slot is required" },
      { field: "service", message: "Insurance type is required" },
    ]);
  });

  it.each([
    "Jo",
    "J".repeat(50),
    "José Núñez",
    "Zoë D’Arcy",
    "Nguyễn Văn An",
    "Анна Петрова",
    "Jean-Luc O'Brien",
  ])("accepts the name %j", (name) => {
    expect(errorsOf(schema, { ...valid, name })).toEqual([]);
  });

  it("accepts boundary lengths: email of 99 characters, message of 999", () => {
    const email = `${"m".repeat(60)}@${"e".repeat(26)}.example.com`;
    expect(email).toHaveLength(99);
    expect(errorsOf(schema, { ...valid, email, message: "m".repeat(999) })).toEqual([]);
  });

  it("accepts every listed slot and service", () => {
    for (const time of TIME_SLOTS) expect(errorsOf(schema, { ...valid, time })).toEqual([]);
    for (const service of APPOINTMENT_SERVICES) {
      expect(errorsOf(schema, { ...valid, service })).toEqual([]);
    }
  });

  it("keeps only the static rules in the plain schema", () => {
    // A past weekday passes; weekends and holidays never do.
    expect(errorsOf(AppointmentSchema, { ...valid, date: "2020-11-24" })).toEqual([]);
    expect(errorsOf(AppointmentSchema, { ...valid, date: "2020-11-28" })).toEqual([
      { field: "date", message: "Please select a weekday (Monday-Friday)" },
    ]);
    expect(errorsOf(AppointmentSchema, { ...valid, date: "2020-11-26" })).toEqual([
      {
        field: "date",
        message: "The office is closed on Thanksgiving Day. Please choose another day.",
      },
    ]);
  });

  it("reads a function clock at each parse", () => {
    let now = new Date("2026-11-23T14:00:00Z");
    const live = createAppointmentSchema(() => now);
    const booking = { ...valid, date: "2026-11-23", time: "09:00 AM" };
    expect(live.safeParse(booking).success).toBe(true);
    now = new Date("2026-11-23T15:00:00Z");
    expect(live.safeParse(booking).success).toBe(false);
  });
});

describe("appointment options and messages", () => {
  it("offers 9 hourly slots from 09:00 AM to 05:00 PM", () => {
    expect(TIME_SLOTS).toEqual([
      "09:00 AM",
      "10:00 AM",
      "11:00 AM",
      "12:00 PM",
      "01:00 PM",
      "02:00 PM",
      "03:00 PM",
      "04:00 PM",
      "05:00 PM",
    ]);
  });

  it("offers 6 services, Auto Insurance by default", () => {
    expect(APPOINTMENT_SERVICES).toEqual([
      "Auto Insurance",
      "Home Insurance",
      "Renters Insurance",
      "Business Insurance",
      "Trucker Insurance",
      "Other",
    ]);
    expect(DEFAULT_APPOINTMENT_SERVICE).toBe("Auto Insurance");
    expect(createEmptyAppointment()).toEqual({
      name: "",
      email: "",
      phone: "",
      date: "",
      time: "",
      service: "Auto Insurance",
      message: "",
    });
  });

  it("keeps the spec's wording", () => {
    expect(APPOINTMENT_FORM_ERROR).toBe("Please fix the errors below before submitting");
    expect(APPOINTMENT_MESSAGES).toMatchObject({
      successTitle: "Thank You!",
      successBody:
        "Your appointment has been scheduled successfully. We'll contact you shortly to confirm the details.",
      submitFailed: "There was an error submitting your appointment. Please try again.",
    });
    expect(APPOINTMENT_ADMIN_MESSAGES.loadFailed("timeout")).toBe("Error: timeout");
    expect(APPOINTMENT_ADMIN_MESSAGES.deleted).toBe("Appointment deleted successfully!");
    expect(APPOINTMENT_ADMIN_MESSAGES.deleteFailed("Not found")).toBe(
      "Failed to delete appointment: Not found",
    );
    expect(APPOINTMENT_ADMIN_MESSAGES.empty).toBe("No Appointments Found");
    expect(APPOINTMENT_ADMIN_MESSAGES.noMessage).toBe("No message provided");
  });
});
