import * as z from "zod";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { X_DATE_LEAD_DAYS, XDateAnswerSchema, XDateSchema } from "../renewal/renewal.ts";
import { AssignmentSchema, LEAD_WORK_FIELDS, LeadNoteSchema, NewNoteSchema } from "./work.ts";

export const LeadNotesSchema = z.object({
  success: z.literal(true),
  data: z.array(LeadNoteSchema),
});
export const LeadNoteAddedSchema = z.object({ success: z.literal(true), data: LeadNoteSchema });
export const LeadWorkChangedSchema = z.object({
  success: z.literal(true),
  data: z.object({
    assignedTo: LEAD_WORK_FIELDS.assignedTo,
    followUpOn: LEAD_WORK_FIELDS.followUpOn,
  }),
});

export const AssignableStaffSchema = z.object({
  success: z.literal(true),
  data: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type AssignableStaff = z.output<typeof AssignableStaffSchema>["data"][number];

/**
 * The routes that work one lead, the same for every kind under its base path
 * (`/api/contacts`, `/api/auto-quotes`, `/api/appointments`).
 */
export function leadWorkRoutes<const Base extends string>(spec: { label: string; base: Base }) {
  return {
    notes: defineRoute({
      method: "GET",
      path: `${spec.base}/:id/notes`,
      summary: `Notes and calls on one of the ${spec.label}, newest first`,
      access: "leads.view",
      params: IdParamsSchema,
      responses: { 200: LeadNotesSchema },
    }),
    addNote: defineRoute({
      method: "POST",
      path: `${spec.base}/:id/notes`,
      summary: `Add a note or log a call on one of the ${spec.label}`,
      access: "leads.work",
      params: IdParamsSchema,
      body: NewNoteSchema,
      responses: { 201: LeadNoteAddedSchema },
    }),
    assign: defineRoute({
      method: "PUT",
      path: `${spec.base}/:id/assignee`,
      summary: `Assign one of the ${spec.label} to a staff member (null unassigns)`,
      access: "leads.work",
      params: IdParamsSchema,
      body: AssignmentSchema,
      responses: { 200: LeadWorkChangedSchema },
    }),
    xDate: defineRoute({
      method: "GET",
      path: `${spec.base}/:id/x-date`,
      summary: `The current carrier and X-date recorded on one of the lost ${spec.label} (null when none)`,
      access: "leads.view",
      params: IdParamsSchema,
      responses: { 200: XDateAnswerSchema },
    }),
    setXDate: defineRoute({
      method: "PUT",
      path: `${spec.base}/:id/x-date`,
      summary: `Record the current carrier and X-date of one of the lost ${spec.label}; its task is due ${X_DATE_LEAD_DAYS} days before (next year's when passed), moved when the X-date changes`,
      access: "leads.work",
      params: IdParamsSchema,
      body: XDateSchema,
      responses: { 200: XDateAnswerSchema },
    }),
  };
}

export const LeadWorkRoutes = {
  assignable: defineRoute({
    method: "GET",
    path: "/api/staff/assignable",
    summary: "Staff who can be assigned leads: active staff, name and id only",
    access: "leads.view",
    responses: { 200: AssignableStaffSchema },
  }),
};
