import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DISCLOSURE_MESSAGES,
  DisclosureInputSchema,
  disclosureLookbackStart,
  eraseConfirmationMatches,
} from "./disclosure.ts";

describe("the disclosure log's rules", () => {
  it("looks back two years (72A.497), 29 February to the 28th", () => {
    expect(disclosureLookbackStart("2026-11-29")).toBe("2024-11-29");
    expect(disclosureLookbackStart("2028-02-29")).toBe("2026-02-28");
  });

  it("cleans and bounds what staff type, and names the first missing field", () => {
    const parsed = DisclosureInputSchema.parse({
      disclosedOn: "2026-11-02",
      recipient: "  North <b>Star</b>  ",
      what: "Name",
      basis: "Quote",
    });
    expect(parsed.recipient).toBe("North Star");
    const missing = DisclosureInputSchema.safeParse({ disclosedOn: "2026-02-30" });
    expect(missing.error?.issues.map((issue) => issue.message)).toContain(
      DISCLOSURE_MESSAGES.dateInvalid,
    );
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const result = DisclosureInputSchema.safeParse({
          disclosedOn: "2026-01-01",
          recipient: text,
          what: text,
          basis: text,
        });
        if (result.success) expect(result.data.recipient.length).toBeLessThanOrEqual(200);
      }),
      { numRuns: 50 },
    );
  }, 30_000);

  it("confirms an erasure by the name, whatever its case and spacing", () => {
    const person = { firstName: "José", lastName: "Álvarez Ruiz" };
    expect(eraseConfirmationMatches("  josé   álvarez ruiz ", person)).toBe(true);
    expect(eraseConfirmationMatches("Jose Alvarez Ruiz", person)).toBe(false);
    expect(eraseConfirmationMatches("José", person)).toBe(false);
  });
});
