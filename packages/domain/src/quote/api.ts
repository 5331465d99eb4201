import * as z from "zod";
import { createdAnswer } from "../api/common.ts";
import { defineRoute } from "../api/define-route.ts";
import { IdParamsSchema } from "../api/params.ts";
import { LEAD_RECORD_FIELDS, leadAdminRoutes, leadListAnswer } from "../lead/api.ts";
import { leadWorkRoutes } from "../lead/work-api.ts";
import { leadEmailRoutes } from "../staff-email/api.ts";
import { AnyStatePersonalInfoSchema, DriverSchema, QuoteSubmissionSchema } from "./schema.ts";

export const QuoteSentSchema = createdAnswer({ quoteAmount: z.number(), createdAt: z.string() });
export type QuoteSent = z.output<typeof QuoteSentSchema>;

/**
 * A stored quote as the API returns it (the dashboard's list): the submission, with dates
 * of birth and license numbers masked; the full values come only through the reveal. The
 * masked fields are plain strings here (MASKED_DATE is no date), and an answer carries no
 * rule of the form (the birth-date range moves with the clock).
 */
export const QuoteRecordSchema = QuoteSubmissionSchema.extend({
  // A quote staff took by phone may have no email ("", decision 0063).
  personalInfo: AnyStatePersonalInfoSchema.extend({ dob: z.string(), email: z.string() }),
  drivers: z.array(DriverSchema.extend({ dob: z.string(), licenseNumber: z.string() })),
  ...LEAD_RECORD_FIELDS,
  quoteAmount: z.number(),
});
export type QuoteRecord = z.output<typeof QuoteRecordSchema>;

export const QuoteListSchema = leadListAnswer(QuoteRecordSchema);
export type QuoteList = z.output<typeof QuoteListSchema>;

export const QuoteRevealSchema = z.object({
  success: z.literal(true),
  data: z.object({
    personalInfo: z.object({ dob: z.string() }),
    drivers: z.array(z.object({ dob: z.string(), licenseNumber: z.string() })),
  }),
});
export type QuoteReveal = z.output<typeof QuoteRevealSchema>;

export const QuoteRoutes = {
  /** The server binds "today" (for dates of birth) per request. */
  send: defineRoute({
    method: "POST",
    path: "/api/auto-quotes/send-auto-quote",
    summary: "Request an auto quote; the server computes the monthly estimate",
    access: "public",
    body: QuoteSubmissionSchema,
    responses: { 201: QuoteSentSchema },
  }),
  ...leadAdminRoutes({
    label: "auto quotes",
    paths: {
      list: "/api/auto-quotes/get-all-auto-quotes",
      export: "/api/auto-quotes/export.csv",
      one: "/api/auto-quotes/:id",
      delete: "/api/auto-quotes/delete-auto-quote/:id",
      status: "/api/auto-quotes/:id/status",
      restore: "/api/auto-quotes/:id/restore",
    },
    list: QuoteListSchema,
    record: QuoteRecordSchema,
  }),
  ...leadWorkRoutes({ label: "auto quotes", base: "/api/auto-quotes" }),
  ...leadEmailRoutes({ label: "auto quotes", base: "/api/auto-quotes" }),
  reveal: defineRoute({
    method: "POST",
    path: "/api/auto-quotes/:id/reveal",
    summary: "The masked fields of one quote (audited)",
    access: "leads.view",
    params: IdParamsSchema,
    responses: { 200: QuoteRevealSchema },
  }),
};
