import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import {
  IssuePolicySchema,
  PolicyCancelSchema,
  PolicyChangeSchema,
  PolicyRecordSchema,
} from "./policy.ts";

export const PolicyAnswerSchema = z.object({ success: z.literal(true), data: PolicyRecordSchema });
export const PersonPoliciesSchema = z.object({
  success: z.literal(true),
  /** Every policy of the person, newest effective date first. */
  data: z.array(PolicyRecordSchema),
});

/**
 * Policies (issue 28 §1, decision 0072). Staff who see leads see policies; issuing,
 * changing, canceling, non-renewing and reinstating is work on leads (Agent and above).
 * `GET /api/policies` stays the spec's list (SettingsRoutes.policies).
 */
export const PolicyRoutes = {
  issue: defineRoute({
    method: "POST",
    path: "/api/policies",
    summary:
      "Issue a policy for a person, or from a lead (marked Won in the same step); Idempotency-Key honored",
    access: "leads.work",
    body: IssuePolicySchema,
    responses: { 201: PolicyAnswerSchema },
  }),
  one: defineRoute({
    method: "GET",
    path: "/api/policies/:id",
    summary: "One policy (404 for an unknown id)",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: PolicyAnswerSchema },
  }),
  update: defineRoute({
    method: "PATCH",
    path: "/api/policies/:id",
    summary: "Change a policy's details (only the fields sent); audited with before and after",
    access: "leads.work",
    params: IdParamsSchema,
    body: PolicyChangeSchema,
    responses: { 200: PolicyAnswerSchema },
  }),
  cancel: defineRoute({
    method: "POST",
    path: "/api/policies/:id/cancel",
    summary: "Cancel an active policy on a date, for a reason (409 otherwise)",
    access: "leads.work",
    params: IdParamsSchema,
    body: PolicyCancelSchema,
    responses: { 200: PolicyAnswerSchema },
  }),
  reinstate: defineRoute({
    method: "POST",
    path: "/api/policies/:id/reinstate",
    summary: "Make a canceled or non-renewed policy active again (409 otherwise)",
    access: "leads.work",
    params: IdParamsSchema,
    responses: { 200: PolicyAnswerSchema },
  }),
  nonRenew: defineRoute({
    method: "POST",
    path: "/api/policies/:id/non-renew",
    summary: "Mark an active policy non-renewed (409 otherwise)",
    access: "leads.work",
    params: IdParamsSchema,
    responses: { 200: PolicyAnswerSchema },
  }),
  ofPerson: defineRoute({
    method: "GET",
    path: "/api/people/:id/policies",
    summary: "A person's policies, newest effective date first (404 for an unknown person)",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: PersonPoliciesSchema },
  }),
};
