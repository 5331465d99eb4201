import { describe, expect, it } from "vitest";
import { PersonUpdateSchema, personEmailKey, personPhoneKey } from "./person.ts";

describe("the keys a lead matches its person by", () => {
  it("folds an email's case and compatibility forms, keeps its tag, and leaves no address unmatched", () => {
    expect(personEmailKey(" Ann.Lee@Example.COM ")).toBe("ann.lee@example.com");
    expect(personEmailKey("ａｎｎ@example.com")).toBe("ann@example.com");
    expect(personEmailKey("ann+quotes@example.com")).not.toBe(personEmailKey("ann@example.com"));
    expect(personEmailKey("")).toBe("");
  });

  it("reads a phone in any format as its 10 digits, and anything else as no phone", () => {
    for (const typed of ["(612) 555-0100", "612.555.0100", "+1 612 555 0100", "16125550100"]) {
      expect(personPhoneKey(typed)).toBe("6125550100");
    }
    expect(personPhoneKey("")).toBe("");
    expect(personPhoneKey("555-0100")).toBe("");
    expect(personPhoneKey("0125550100")).toBe("");
  });
});

describe("a change to a person's details", () => {
  it("takes only the fields sent, cleaned", () => {
    expect(PersonUpdateSchema.parse({ phone: "(612) 555-0100" })).toEqual({ phone: "6125550100" });
    expect(PersonUpdateSchema.parse({ email: "" })).toEqual({ email: "" });
  });

  it("refuses a blank name, a bad phone, state or ZIP with the field's message", () => {
    const issues = (input: unknown) =>
      PersonUpdateSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ firstName: "  " })).toEqual(["First name is required"]);
    expect(issues({ phone: "555" })).toEqual(["Please enter a valid 10-digit phone number"]);
    expect(issues({ mailingAddress: { street: "", city: "", state: "XX", zip: "" } })).toEqual([
      "Choose a US state",
    ]);
    expect(issues({ mailingAddress: { street: "", city: "", state: "", zip: "5540" } })).toEqual([
      "ZIP code must be 5 digits",
    ]);
  });
});
