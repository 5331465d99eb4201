import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { AppointmentBookedSchema, AppointmentRecordSchema } from "../appointment/api.ts";
import { ContactRecordSchema, ContactSentSchema } from "../contact/api.ts";
import { QuoteRecordSchema, QuoteSentSchema } from "../quote/api.ts";
import {
  AppointmentDetailsChangeSchema,
  ContactDetailsChangeSchema,
  QuoteDetailsChangeSchema,
  StaffAppointmentSchema,
  StaffContactSchema,
  StaffQuoteSchema,
} from "./schema.ts";

/** The lead as it stands after a details change (the list's record shape). */
function detailsChanged<Record extends z.ZodType>(record: Record) {
  return z.object({ success: z.literal(true), message: z.string(), data: record });
}

export const ContactDetailsChangedSchema = detailsChanged(ContactRecordSchema);
export const QuoteDetailsChangedSchema = detailsChanged(QuoteRecordSchema);
export const AppointmentDetailsChangedSchema = detailsChanged(AppointmentRecordSchema);

const ENTRY_NOTE =
  "the public form's fields and rules plus source and notifyCustomer; the customer is emailed only when notifyCustomer is true, the agency never (an Idempotency-Key makes a repeat store nothing new)";
const DETAILS_NOTE = "audited with the changed fields' values before and after";

/**
 * Staff enter leads they received by phone, at the office or by email, and correct a lead's
 * contact details (issue 14; decision 0031). One convention for the three kinds: POST
 * `/<kind>/staff-entry` and PATCH `/<kind>/:id/contact-details`.
 */
export const LeadEntryRoutes = {
  enterContact: defineRoute({
    method: "POST",
    path: "/api/contacts/staff-entry",
    summary: `Enter a message taken by staff: ${ENTRY_NOTE}`,
    access: "leads.work",
    body: StaffContactSchema,
    responses: { 201: ContactSentSchema },
  }),
  /** The server binds "today" (for dates of birth) per request. */
  enterQuote: defineRoute({
    method: "POST",
    path: "/api/auto-quotes/staff-entry",
    summary: `Enter an auto quote request taken by staff: ${ENTRY_NOTE}`,
    access: "leads.work",
    body: StaffQuoteSchema,
    responses: { 201: QuoteSentSchema },
  }),
  /** The server binds the clock's booking rules per request. */
  enterAppointment: defineRoute({
    method: "POST",
    path: "/api/appointments/staff-entry",
    summary: `Book an appointment taken by staff (409 when the slot is taken): ${ENTRY_NOTE}`,
    access: "leads.work",
    body: StaffAppointmentSchema,
    responses: { 201: AppointmentBookedSchema },
  }),
  editContact: defineRoute({
    method: "PATCH",
    path: "/api/contacts/:id/contact-details",
    summary: `Change a message's name, email or phone: ${DETAILS_NOTE}`,
    access: "leads.work",
    params: IdParamsSchema,
    body: ContactDetailsChangeSchema,
    responses: { 200: ContactDetailsChangedSchema },
  }),
  editQuote: defineRoute({
    method: "PATCH",
    path: "/api/auto-quotes/:id/contact-details",
    summary: `Change a quote's applicant name, email or phone: ${DETAILS_NOTE}`,
    access: "leads.work",
    params: IdParamsSchema,
    body: QuoteDetailsChangeSchema,
    responses: { 200: QuoteDetailsChangedSchema },
  }),
  editAppointment: defineRoute({
    method: "PATCH",
    path: "/api/appointments/:id/contact-details",
    summary: `Change an appointment's name, email or phone: ${DETAILS_NOTE}`,
    access: "leads.work",
    params: IdParamsSchema,
    body: AppointmentDetailsChangeSchema,
    responses: { 200: AppointmentDetailsChangedSchema },
  }),
};
