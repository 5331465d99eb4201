import * as z from "zod";
import { SuccessMessageSchema } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { LIST_PAGE_FIELDS, ListQuerySchema } from "../lead/api.ts";
import { PRIVACY_REQUEST_KINDS, PRIVACY_REQUEST_STATUSES } from "./options.ts";
import {
  PrivacyAnswerSchema,
  PrivacyRequestChangeSchema,
  PrivacyRequestSchema,
  PrivacyVerifySchema,
} from "./schema.ts";

/** The verification's answer: what was confirmed and by when it will be answered. */
export const PrivacyVerifiedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ kind: z.string(), dueOn: z.string() }),
});
export type PrivacyVerified = z.output<typeof PrivacyVerifiedSchema>;

/** One verified request as staff see it. */
export const PrivacyRequestRecordSchema = z.object({
  _id: z.string(),
  /** One of PRIVACY_REQUEST_KINDS. */
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  details: z.string(),
  /** One of PRIVACY_REQUEST_STATUSES. */
  status: z.string(),
  statusChangedAt: z.string(),
  /** When the form was sent. */
  createdAt: z.string(),
  /** When the person clicked the emailed link (every listed request has been). */
  verifiedAt: z.string(),
  /** The Central day it is due by (YYYY-MM-DD): 30 business days after verification. */
  dueOn: z.string(),
  /** Still open and past its due date (Central). */
  overdue: z.boolean(),
  /** The person matched by email when it was verified; null when nobody had that address. */
  personId: z.string().nullable(),
  assignedTo: z.string().nullable(),
  answer: z.string().nullable(),
  answeredAt: z.string().nullable(),
  answeredBy: z.string().nullable(),
});
export type PrivacyRequestRecord = z.output<typeof PrivacyRequestRecordSchema>;

/** One step of a request's history (from the audit log). */
export const PrivacyRequestEventSchema = z.object({
  at: z.string(),
  action: z.string(),
  /** Who did it (a staff member's name), or null for the person or the system. */
  by: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type PrivacyRequestEvent = z.output<typeof PrivacyRequestEventSchema>;

export const PrivacyRequestAnswerSchema = z.object({
  success: z.literal(true),
  data: PrivacyRequestRecordSchema,
  timeline: z.array(PrivacyRequestEventSchema),
});
export type PrivacyRequestPage = z.output<typeof PrivacyRequestAnswerSchema>;

export const PrivacyRequestListSchema = z.object({
  success: z.literal(true),
  data: z.array(PrivacyRequestRecordSchema),
  ...LIST_PAGE_FIELDS,
});
export type PrivacyRequestList = z.output<typeof PrivacyRequestListSchema>;

/** The sorts the list takes: due date (the default, soonest first) or arrival. */
export const PRIVACY_REQUEST_SORTS = [
  "due",
  "due:asc",
  "due:desc",
  "date",
  "date:asc",
  "date:desc",
] as const;

/** The list's query: the shared page and search, with its own filters and sorts. */
export const PrivacyRequestListQuerySchema = ListQuerySchema.pick({
  limit: true,
  offset: true,
  q: true,
}).extend({
  status: z
    .enum(PRIVACY_REQUEST_STATUSES, { error: "status is not a privacy request status" })
    .optional(),
  kind: z.enum(PRIVACY_REQUEST_KINDS, { error: "kind is not a privacy request kind" }).optional(),
  overdue: z.enum(["true", "false"], { error: "overdue must be true or false" }).optional(),
  sort: z
    .enum(PRIVACY_REQUEST_SORTS, { error: "sort must be due or date, with :asc or :desc" })
    .optional(),
});
export type PrivacyRequestListQuery = z.output<typeof PrivacyRequestListQuerySchema>;

export const PrivacyAssignableSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ _id: z.string(), name: z.string() })),
});

const BASE = "/api/privacy-requests";

/**
 * Privacy requests (issue 30 §2, decision 0082): a person's request is public and only
 * counts once they click the emailed link; staff with privacy.manage work verified requests.
 */
export const PrivacyRequestRoutes = {
  send: defineRoute({
    method: "POST",
    path: BASE,
    summary:
      "Send a privacy request (see, correct, delete or stop sharing my information); emails a link to confirm it, and answers the same whether or not the address is known; takes an Idempotency-Key",
    access: "public",
    body: PrivacyRequestSchema,
    responses: { 202: SuccessMessageSchema },
  }),
  verify: defineRoute({
    method: "POST",
    path: `${BASE}/verify`,
    summary:
      "Confirm a privacy request with the token of its emailed link (once; a second use answers the same; 404 unknown, 410 expired)",
    access: "public",
    body: PrivacyVerifySchema,
    responses: { 200: PrivacyVerifiedSchema },
  }),
  list: defineRoute({
    method: "GET",
    path: BASE,
    summary:
      "List verified privacy requests, soonest due first, a page at a time, searched by name or email and filtered by status, kind or overdue",
    access: "privacy.manage",
    query: PrivacyRequestListQuerySchema,
    responses: { 200: PrivacyRequestListSchema },
  }),
  assignable: defineRoute({
    method: "GET",
    path: `${BASE}/assignable`,
    summary: "Staff a privacy request can be assigned to (active, with privacy.manage)",
    access: "privacy.manage",
    responses: { 200: PrivacyAssignableSchema },
  }),
  one: defineRoute({
    method: "GET",
    path: `${BASE}/:id`,
    summary: "One verified privacy request with its history",
    access: "privacy.manage",
    params: IdParamsSchema,
    responses: { 200: PrivacyRequestAnswerSchema },
  }),
  update: defineRoute({
    method: "PATCH",
    path: `${BASE}/:id`,
    summary: "Change a privacy request's status (New, In progress) or assignee",
    access: "privacy.manage",
    params: IdParamsSchema,
    body: PrivacyRequestChangeSchema,
    responses: { 200: PrivacyRequestAnswerSchema },
  }),
  answer: defineRoute({
    method: "POST",
    path: `${BASE}/:id/answer`,
    summary:
      "Record the answer to a privacy request (Answered or Refused with reason) and email it to the person",
    access: "privacy.manage",
    params: IdParamsSchema,
    body: PrivacyAnswerSchema,
    responses: { 200: PrivacyRequestAnswerSchema },
  }),
};
