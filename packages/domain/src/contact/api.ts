import * as z from "zod";
import { createdAnswer } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { LEAD_RECORD_FIELDS, LIST_PAGE_FIELDS, leadAdminRoutes } from "../lead/api.ts";
import { LEAD_SOURCE_FIELD } from "../lead/first-touch-schema.ts";
import { leadWorkRoutes } from "../lead/work-api.ts";
import { PRIVACY_FIELD } from "../privacy/schema.ts";
import { leadEmailRoutes } from "../staff-email/api.ts";
import { HONEYPOT_FIELD } from "./options.ts";
import { ContactMessageSchema } from "./schema.ts";

export const ContactRequestSchema = ContactMessageSchema.extend({
  ...LEAD_SOURCE_FIELD,
  // The notice shown and the optional call/text consent (decision 0080).
  ...PRIVACY_FIELD,
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

export const ContactSentSchema = createdAnswer({ createdAt: z.string() });
export type ContactSent = z.output<typeof ContactSentSchema>;

/** A stored message as the API returns it (the dashboard's list). */
export const ContactRecordSchema = z.object({
  ...LEAD_RECORD_FIELDS,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string(),
  message: z.string(),
});
export type ContactRecord = z.output<typeof ContactRecordSchema>;

/** The spec gives messages their own envelope: `{ contacts }`. */
export const ContactListSchema = z.object({
  contacts: z.array(ContactRecordSchema),
  ...LIST_PAGE_FIELDS,
});
export type ContactList = z.output<typeof ContactListSchema>;

export const ContactRoutes = {
  send: defineRoute({
    method: "POST",
    path: "/api/contacts/send-contact",
    summary: "Send a message to the agency",
    access: "public",
    body: ContactRequestSchema,
    responses: { 201: ContactSentSchema },
  }),
  ...leadAdminRoutes({
    label: "contact messages",
    paths: {
      list: "/api/contacts/list-contacts",
      export: "/api/contacts/export.csv",
      one: "/api/contacts/:id",
      delete: "/api/contacts/delete-contact/:id",
      status: "/api/contacts/:id/status",
      restore: "/api/contacts/:id/restore",
    },
    list: ContactListSchema,
    record: ContactRecordSchema,
  }),
  ...leadWorkRoutes({ label: "contact messages", base: "/api/contacts" }),
  ...leadEmailRoutes({ label: "contact messages", base: "/api/contacts" }),
};
