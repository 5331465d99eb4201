import { describe, expect, it } from "vitest";
import { duplicateReasonOfKey, looseEmail, personDuplicateKeys } from "./duplicates.ts";

describe("duplicate keys", () => {
  it("makes the name and ZIP, name and date of birth, and loose email keys", () => {
    const keys = personDuplicateKeys(
      { firstName: " José ", lastName: "ÁLVAREZ", zip: "55401-1234", email: "Jose+Q@Example.com" },
      ["1980-01-02", "", "1980-01-02"],
    );
    expect(keys).toEqual([
      "em:jose@example.com",
      "n:jose alvarez|dob:1980-01-02",
      "n:jose alvarez|zip:55401",
    ]);
    expect(keys.map(duplicateReasonOfKey)).toEqual([
      "similar-email",
      "same-name-and-date-of-birth",
      "same-name-and-zip",
    ]);
  });

  it("makes no name key without a name, no ZIP key without a ZIP, no email key without one", () => {
    expect(
      personDuplicateKeys({ firstName: "", lastName: " ", zip: "55401", email: "" }, [
        "1980-01-02",
      ]),
    ).toEqual([]);
    expect(
      personDuplicateKeys({ firstName: "Ann", lastName: "Lee", zip: " ", email: "" }, []),
    ).toEqual([]);
  });

  it("drops a +tag everywhere, and dots at Gmail only", () => {
    expect(looseEmail("Ann.Lee+quotes@gmail.com")).toBe("annlee@gmail.com");
    expect(looseEmail("ann.lee@googlemail.com")).toBe("annlee@gmail.com");
    expect(looseEmail("ann.lee+x@example.com")).toBe("ann.lee@example.com");
    expect(looseEmail("+x@example.com")).toBe("+x@example.com");
    expect(looseEmail("")).toBe("");
  });
});
