import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { PolicyAnswerSchema } from "../policy/api.ts";
import {
  RenewalSettingsSchema,
  RenewalStateChangeSchema,
  RenewalsPageSchema,
  RenewalsQuerySchema,
  RenewalTaskDaysSchema,
  RenewPolicySchema,
} from "./renewal.ts";

/**
 * Renewals (issue 28 §2, decision 0073). Whoever sees policies sees the renewals list;
 * renewing and setting a renewal's state is work on leads (Agent and above); the renewal
 * task's days are a manager's setting (leads.assign: who gives work out decides when).
 */
export const RenewalRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/renewals",
    summary:
      "Policies expiring in the next 30, 60 or 90 days (Central dates), soonest first, a page at a time",
    access: "leads.view",
    query: RenewalsQuerySchema,
    responses: { 200: RenewalsPageSchema },
  }),
  renew: defineRoute({
    method: "POST",
    path: "/api/policies/:id/renew",
    summary:
      "Renew a term: the next term as a new policy linked to it, prefilled; the term becomes renewed (409 when renewed already); Idempotency-Key honored",
    access: "leads.work",
    params: IdParamsSchema,
    body: RenewPolicySchema,
    responses: { 201: PolicyAnswerSchema },
  }),
  setState: defineRoute({
    method: "PUT",
    path: "/api/policies/:id/renewal-state",
    summary:
      "Set a term's renewal state: not started, re-marketing, or lost (which non-renews it); audited",
    access: "leads.work",
    params: IdParamsSchema,
    body: RenewalStateChangeSchema,
    responses: { 200: PolicyAnswerSchema },
  }),
  settings: defineRoute({
    method: "GET",
    path: "/api/settings/renewals",
    summary: "How many days before expiration the renewal task is made",
    access: "leads.assign",
    responses: { 200: RenewalSettingsSchema },
  }),
  updateSettings: defineRoute({
    method: "PUT",
    path: "/api/settings/renewals",
    summary: "Set how many days before expiration the renewal task is made (1–365)",
    access: "leads.assign",
    body: RenewalTaskDaysSchema,
    responses: { 200: RenewalSettingsSchema },
  }),
};
