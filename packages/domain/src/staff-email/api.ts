import * as z from "zod";
import { SuccessSchema } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema, PathIdSchema } from "../api/params.ts";
import {
  EmailTemplateInputSchema,
  EmailTemplateSchema,
  StaffEmailDraftSchema,
  StaffEmailSchema,
} from "./schema.ts";

export const StaffEmailListSchema = z.object({
  success: z.literal(true),
  data: z.array(StaffEmailSchema),
});
export const StaffEmailAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: StaffEmailSchema,
});
export const EmailParamsSchema = z.object({ id: PathIdSchema, emailId: PathIdSchema });

/**
 * The routes that email one lead, the same for every kind under its base path
 * (`/api/contacts`, `/api/auto-quotes`, `/api/appointments`). A person's emails take the
 * same shapes under `/api/people/:id/emails` once people exist (decision 0068).
 */
export function leadEmailRoutes<const Base extends string>(spec: { label: string; base: Base }) {
  return {
    emails: defineRoute({
      method: "GET",
      path: `${spec.base}/:id/emails`,
      summary: `Emails staff sent from the app to one of the ${spec.label}, newest first, with their delivery state`,
      access: "leads.view",
      params: IdParamsSchema,
      responses: { 200: StaffEmailListSchema },
    }),
    sendEmail: defineRoute({
      method: "POST",
      path: `${spec.base}/:id/emails`,
      summary: `Email one of the ${spec.label} from the agency's address (Reply-To the sender); takes an Idempotency-Key`,
      access: "leads.work",
      params: IdParamsSchema,
      body: StaffEmailDraftSchema,
      responses: { 201: StaffEmailAnswerSchema },
    }),
    retryEmail: defineRoute({
      method: "POST",
      path: `${spec.base}/:id/emails/:emailId/retry`,
      summary: `Queue a failed email to one of the ${spec.label} again`,
      access: "leads.work",
      params: EmailParamsSchema,
      responses: { 200: StaffEmailAnswerSchema },
    }),
  };
}

export const EmailTemplateListSchema = z.object({
  success: z.literal(true),
  data: z.array(EmailTemplateSchema),
});
export const EmailTemplateAnswerSchema = z.object({
  success: z.literal(true),
  data: EmailTemplateSchema,
});

/** Saved email templates: everyone who emails leads reads them; Managers and above keep them. */
export const EmailTemplateRoutes = {
  list: defineRoute({
    method: "GET",
    path: "/api/settings/email-templates",
    summary: "Saved email templates, by name",
    access: "leads.work",
    responses: { 200: EmailTemplateListSchema },
  }),
  create: defineRoute({
    method: "POST",
    path: "/api/settings/email-templates",
    summary: "Save a new email template",
    access: "templates.manage",
    body: EmailTemplateInputSchema,
    responses: { 201: EmailTemplateAnswerSchema },
  }),
  update: defineRoute({
    method: "PUT",
    path: "/api/settings/email-templates/:id",
    summary: "Change an email template",
    access: "templates.manage",
    params: IdParamsSchema,
    body: EmailTemplateInputSchema,
    responses: { 200: EmailTemplateAnswerSchema },
  }),
  delete: defineRoute({
    method: "DELETE",
    path: "/api/settings/email-templates/:id",
    summary: "Delete an email template (emails already sent keep their text)",
    access: "templates.manage",
    params: IdParamsSchema,
    responses: { 200: SuccessSchema },
  }),
};
