import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  HOUSEHOLD_MESSAGES,
  HOUSEHOLD_RELATIONSHIPS,
  HouseholdLinkSchema,
  HouseholdRelationshipChangeSchema,
} from "./household.ts";

const ID = "01a22464-8d53-77be-a346-8c30efa1eb14";
const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("household input", () => {
  it("takes a person's id and one of the relationships", () => {
    for (const relationship of HOUSEHOLD_RELATIONSHIPS) {
      expect(HouseholdLinkSchema.parse({ personId: ID, relationship })).toEqual({
        personId: ID,
        relationship,
      });
    }
  });

  it("says what is wrong with anything else", () => {
    expect(
      messagesOf(HouseholdLinkSchema.safeParse({ personId: "nope", relationship: "spouse" })),
    ).toEqual([HOUSEHOLD_MESSAGES.personIdInvalid]);
    expect(
      messagesOf(HouseholdLinkSchema.safeParse({ personId: ID, relationship: "primary" })),
    ).toEqual([HOUSEHOLD_MESSAGES.relationshipInvalid]);
    expect(messagesOf(HouseholdRelationshipChangeSchema.safeParse({}))).toEqual([
      HOUSEHOLD_MESSAGES.relationshipInvalid,
    ]);
  });

  it("refuses any other text, whole Unicode, with a message and never a throw", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "binary" }),
        fc.string({ unit: "binary" }),
        (personId, relationship) => {
          const result = HouseholdLinkSchema.safeParse({ personId, relationship });
          const isValid =
            /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(personId) &&
            (HOUSEHOLD_RELATIONSHIPS as readonly string[]).includes(relationship);
          expect(result.success).toBe(isValid);
          if (!result.success) expect(messagesOf(result).length).toBeGreaterThan(0);
        },
      ),
    );
  });
});
