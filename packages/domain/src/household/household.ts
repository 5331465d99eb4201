import * as z from "zod";
import { PathIdSchema } from "../api/params.ts";

/**
 * Households (issue 27 §1, decision 0070): who lives with whom. A household is one primary
 * person and the people linked to them, each with how they are related to the primary.
 */

/** How a member is related to the household's primary person. */
export const HOUSEHOLD_RELATIONSHIPS = ["spouse", "child", "other"] as const;
export type HouseholdRelationship = (typeof HOUSEHOLD_RELATIONSHIPS)[number];
export const HOUSEHOLD_RELATIONSHIP_LABELS: Record<HouseholdRelationship | "primary", string> = {
  primary: "Primary",
  spouse: "Spouse",
  child: "Child",
  other: "Other",
};

export const HOUSEHOLD_MESSAGES = {
  relationshipInvalid: `Relationship must be one of ${HOUSEHOLD_RELATIONSHIPS.join(", ")}`,
  personIdInvalid: "Choose a person to add",
  personNotFound: "Person not found",
  memberNotFound: "The person to add was not found",
  self: "A person can't be added to their own household",
  alreadyInHousehold: "That person is already in a household: remove them from it first",
  notMember: "That person is not a member of this household",
  primaryFixed: "The household's primary person can't be changed or removed",
  linked: "Added to the household",
  changed: "Relationship changed",
  unlinked: "Removed from the household",
} as const;

export const HouseholdMemberSchema = z.object({
  /** The person's id: their page is /dashboard/people/:id. */
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** "primary" for the household's primary person, else how they are related to them. */
  relationship: z.enum(["primary", ...HOUSEHOLD_RELATIONSHIPS]),
});
export type HouseholdMember = z.output<typeof HouseholdMemberSchema>;

/** A household: the primary person first, then the members in the order they were added. */
export const HouseholdSchema = z.object({
  primaryId: z.string(),
  members: z.array(HouseholdMemberSchema),
});
export type Household = z.output<typeof HouseholdSchema>;

const relationship = z.enum(HOUSEHOLD_RELATIONSHIPS, {
  error: HOUSEHOLD_MESSAGES.relationshipInvalid,
});

/** Add `personId` to the household of the person in the path, related to its primary as said. */
export const HouseholdLinkSchema = z.object({
  personId: z
    .string({ error: HOUSEHOLD_MESSAGES.personIdInvalid })
    .refine((id) => PathIdSchema.safeParse(id).success, {
      error: HOUSEHOLD_MESSAGES.personIdInvalid,
    }),
  relationship,
});
export type HouseholdLink = z.output<typeof HouseholdLinkSchema>;

export const HouseholdRelationshipChangeSchema = z.object({ relationship });
export type HouseholdRelationshipChange = z.output<typeof HouseholdRelationshipChangeSchema>;
