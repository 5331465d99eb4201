import * as z from "zod";
import { CSV_RESPONSE, defineRoute } from "../api/define-route.ts";
import { ReportQuerySchema, ReportSchema } from "./figures.ts";

export const ReportAnswerSchema = z.object({ success: z.literal(true), data: ReportSchema });

/**
 * Figures from the records (issue 28 §3, decision 0074): Manager and above
 * (`reports.view`, decision 0025).
 */
export const ReportRoutes = {
  figures: defineRoute({
    method: "GET",
    path: "/api/reports",
    summary:
      "Figures for a period of Central days (a preset or from/to; this month by default): totals, by agent and by lead source",
    access: "reports.view",
    query: ReportQuerySchema,
    responses: { 200: ReportAnswerSchema },
  }),
  export: defineRoute({
    method: "GET",
    path: "/api/reports/export.csv",
    summary: "The same figures as CSV for Excel: one row per total, agent and source",
    access: "reports.view",
    query: ReportQuerySchema,
    responses: { 200: CSV_RESPONSE },
  }),
};
