import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema, PathIdSchema } from "../api/params.ts";
import {
  HouseholdLinkSchema,
  HouseholdRelationshipChangeSchema,
  HouseholdSchema,
} from "./household.ts";

export const HouseholdMemberParamsSchema = z.object({ id: PathIdSchema, memberId: PathIdSchema });

/** A household after a change; null once its last member is removed. */
export const HouseholdAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: HouseholdSchema.nullable(),
});

/**
 * A person's household (decision 0070). `:id` is anyone in the household (its primary or a
 * member); `:memberId` is a member other than the primary. Each change is audited.
 */
export const HouseholdRoutes = {
  link: defineRoute({
    method: "POST",
    path: "/api/people/:id/household",
    summary:
      "Add a person to the household of the person in the path, with how they are related to its primary person (409 for someone already in a household)",
    access: "leads.work",
    params: IdParamsSchema,
    body: HouseholdLinkSchema,
    responses: { 201: HouseholdAnswerSchema },
  }),
  change: defineRoute({
    method: "PATCH",
    path: "/api/people/:id/household/:memberId",
    summary: "Change how a member of the household is related to its primary person",
    access: "leads.work",
    params: HouseholdMemberParamsSchema,
    body: HouseholdRelationshipChangeSchema,
    responses: { 200: HouseholdAnswerSchema },
  }),
  unlink: defineRoute({
    method: "DELETE",
    path: "/api/people/:id/household/:memberId",
    summary: "Remove a member from the household (the person stays)",
    access: "leads.work",
    params: HouseholdMemberParamsSchema,
    responses: { 200: HouseholdAnswerSchema },
  }),
};
