import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { LIST_PAGE_FIELDS, PageQuerySchema, UNPAGED_LIST_CAP } from "../lead/api.ts";
import { SecuritySettingsSchema, TwoFactorRequirementSchema } from "../user/two-factor.ts";

/** A policy in the spec's list shape (`GET /api/policies`); the full record is PolicyRecordSchema. */
export const PolicySchema = z.object({
  _id: z.string(),
  policyNumber: z.string(),
  holderName: z.string(),
  email: z.string(),
  product: z.string(),
  status: z.string(),
  premium: z.number(),
  effectiveDate: z.string(),
  expirationDate: z.string(),
  createdAt: z.string(),
});
export type Policy = z.output<typeof PolicySchema>;

export const SettingSchema = z.object({
  key: z.string(),
  value: z.unknown(),
  updatedAt: z.string(),
});
export type Setting = z.output<typeof SettingSchema>;

export const SettingsRoutes = {
  policies: defineRoute({
    method: "GET",
    path: "/api/policies",
    summary: `Policies, newest first, a page at a time (without limit: the first ${UNPAGED_LIST_CAP}; total says how many there are)`,
    // Agent and Support see policies (issue 28 §1, decision 0072).
    access: "leads.view",
    query: PageQuerySchema,
    responses: { 200: z.object({ data: z.array(PolicySchema), ...LIST_PAGE_FIELDS }) },
  }),
  settings: defineRoute({
    method: "GET",
    path: "/api/settings",
    summary: "Agency-level settings",
    access: "users.manage",
    responses: { 200: z.object({ data: z.array(SettingSchema) }) },
  }),
};

/** Agency-level security switches (decision 0023). */
export const SecuritySettingsRoutes = {
  get: defineRoute({
    method: "GET",
    path: "/api/settings/security",
    summary: "Whether two-factor sign-in is required of all staff",
    access: "users.manage",
    responses: { 200: SecuritySettingsSchema },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/settings/security",
    summary: "Require (or stop requiring) two-factor sign-in of all staff",
    access: "users.manage",
    body: TwoFactorRequirementSchema,
    responses: { 200: SecuritySettingsSchema },
  }),
};
