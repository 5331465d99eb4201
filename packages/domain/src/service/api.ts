import * as z from "zod";
import { createdAnswer } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema, PathIdSchema } from "../api/params.ts";
import { LEAD_RECORD_FIELDS, leadAdminRoutes, leadListAnswer } from "../lead/api.ts";
import { leadWorkRoutes } from "../lead/work-api.ts";
import { leadEmailRoutes } from "../staff-email/api.ts";
import { SERVICE_MESSAGES } from "./messages.ts";
import { SERVICE_DUE_DAYS_RANGE } from "./options.ts";
import { ServiceRequestSchema } from "./schema.ts";

/** The public form's answer: the request's id, its reference and when it arrived. */
export const ServiceRequestSentSchema = createdAnswer({
  reference: z.string(),
  createdAt: z.string(),
});
export type ServiceRequestSent = z.output<typeof ServiceRequestSentSchema>;

/** A file of a request as staff see it (its bytes are the download route's). */
export const ServiceAttachmentSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The type its content showed (ATTACHMENT_TYPES). */
  type: z.string(),
  size: z.number().int(),
});
export type ServiceAttachment = z.output<typeof ServiceAttachmentSchema>;

/** A stored request as the dashboard reads it. */
export const ServiceRecordSchema = z.object({
  ...LEAD_RECORD_FIELDS,
  /** SR-YYYY-NNNNNN (contract). */
  reference: z.string(),
  /** One of SERVICE_KIND_VALUES. */
  kind: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** A carrier of the profile's list at the time, or "Not sure". */
  carrier: z.string(),
  policyNumber: z.string(),
  /** The kind's own fields, by name (SERVICE_DETAIL_LABELS). */
  details: z.record(z.string(), z.string()),
  /** The Central day it is due by (YYYY-MM-DD). */
  dueOn: z.string(),
  attachments: z.array(ServiceAttachmentSchema),
});
export type ServiceRecord = z.output<typeof ServiceRecordSchema>;

export const ServiceListSchema = leadListAnswer(ServiceRecordSchema);
/** A person's requests, newest first (the person page). */
export const PersonServiceRequestsSchema = z.object({
  success: z.literal(true),
  data: z.array(ServiceRecordSchema),
});
export type ServiceList = z.output<typeof ServiceListSchema>;

export const ServiceDueDaysSchema = z.object({
  days: z
    .number({ error: SERVICE_MESSAGES.dueDaysInvalid })
    .int(SERVICE_MESSAGES.dueDaysInvalid)
    .min(SERVICE_DUE_DAYS_RANGE.min, SERVICE_MESSAGES.dueDaysInvalid)
    .max(SERVICE_DUE_DAYS_RANGE.max, SERVICE_MESSAGES.dueDaysInvalid),
});
export const ServiceSettingsSchema = z.object({
  success: z.literal(true),
  data: z.object({ days: z.number().int(), updatedAt: z.string().nullable() }),
});

export const AttachmentParamsSchema = z.object({
  id: PathIdSchema,
  attachmentId: PathIdSchema,
});

const LABEL = "service requests";
const BASE = "/api/service-requests";
const {
  xDate: _xDate,
  setXDate: _setXDate,
  ...workRoutes
} = leadWorkRoutes({
  label: LABEL,
  base: BASE,
});

/**
 * The Client Center (issue 29, decision 0077): a client's request is public; staff work
 * requests as they work leads (list, one, status, notes, assignment, email, archive) and
 * download their files.
 */
export const ServiceRoutes = {
  send: defineRoute({
    method: "POST",
    path: "/api/client-center/requests",
    summary:
      "Send the agency a Client Center request (ID cards, policy change, certificate, claim notice, something else) with up to 5 files; takes an Idempotency-Key",
    access: "public",
    body: ServiceRequestSchema,
    responses: { 201: ServiceRequestSentSchema },
  }),
  ...leadAdminRoutes({
    label: LABEL,
    paths: {
      list: BASE,
      export: `${BASE}/export.csv`,
      one: `${BASE}/:id`,
      delete: `${BASE}/:id`,
      status: `${BASE}/:id/status`,
      restore: `${BASE}/:id/restore`,
    },
    list: ServiceListSchema,
    record: ServiceRecordSchema,
  }),
  ...workRoutes,
  ...leadEmailRoutes({ label: LABEL, base: BASE }),
  ofPerson: defineRoute({
    method: "GET",
    path: "/api/people/:id/service-requests",
    summary: "A person's Client Center requests, newest first (archived ones left out)",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: PersonServiceRequestsSchema },
  }),
  attachment: defineRoute({
    method: "GET",
    path: `${BASE}/:id/attachments/:attachmentId`,
    summary: "Download one file of a request (as an attachment, never shown inline)",
    access: "leads.view",
    params: AttachmentParamsSchema,
    responses: {
      200: { contentType: "application/octet-stream", description: "The file as it was sent" },
    },
  }),
  settings: defineRoute({
    method: "GET",
    path: "/api/settings/service",
    summary: "How many business days after arrival a request is due",
    access: "leads.view",
    responses: { 200: ServiceSettingsSchema },
  }),
  updateSettings: defineRoute({
    method: "PUT",
    path: "/api/settings/service",
    summary: `Set how many business days after arrival a request is due (${SERVICE_DUE_DAYS_RANGE.min}–${SERVICE_DUE_DAYS_RANGE.max})`,
    access: "leads.assign",
    body: ServiceDueDaysSchema,
    responses: { 200: ServiceSettingsSchema },
  }),
};
