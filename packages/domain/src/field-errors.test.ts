import { describe, expect, it } from "vitest";
import * as z from "zod";
import { checkWith, firstMessageByField, zodIssuesToFieldErrors } from "./field-errors.ts";

const schema = z.object({
  personalInfo: z.object({
    email: z.string().min(1, "Email is required").email("Email is invalid"),
  }),
  drivers: z.array(z.object({ dob: z.string().min(1, "Date of birth is required") })),
});

describe("zodIssuesToFieldErrors", () => {
  it("gives dotted paths with array indexes", () => {
    const result = schema.safeParse({
      personalInfo: { email: "" },
      drivers: [{ dob: "x" }, { dob: "" }],
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(zodIssuesToFieldErrors(result.error)).toEqual([
      { field: "personalInfo.email", message: "Email is required" },
      { field: "personalInfo.email", message: "Email is invalid" },
      { field: "drivers.1.dob", message: "Date of birth is required" },
    ]);
    expect(zodIssuesToFieldErrors(result.error.issues)).toEqual(
      zodIssuesToFieldErrors(result.error),
    );
  });

  it("uses an empty field for the whole input", () => {
    const result = z.string("Expected text").safeParse(1);
    expect(result.success ? [] : zodIssuesToFieldErrors(result.error)).toEqual([
      { field: "", message: "Expected text" },
    ]);
  });
});

describe("firstMessageByField", () => {
  it("keeps the first message of each field", () => {
    const result = schema.safeParse({ personalInfo: { email: "" }, drivers: [{ dob: "" }] });
    expect(result.success ? {} : firstMessageByField(result.error)).toEqual({
      "personalInfo.email": "Email is required",
      "drivers.0.dob": "Date of birth is required",
    });
  });
});

describe("checkWith", () => {
  const Schema = z.object({ name: z.string().trim().min(1, "Name is required") });

  it("gives the cleaned value when the answers pass", () => {
    expect(checkWith(Schema, { name: "  Zoë 🚗 " })).toEqual({
      ok: true,
      value: { name: "Zoë 🚗" },
    });
  });

  it("gives one message per field when they do not", () => {
    expect(checkWith(Schema, { name: " " })).toEqual({
      ok: false,
      messages: { name: "Name is required" },
    });
  });
});
