import { ReportRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle } from "../db/database.ts";
import { csvFileName, toCsv } from "../lib/csv.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { buildReport, REPORT_CSV_HEADER, reportCsvRows } from "./service.ts";

/** Figures from the records (issue 28 §3, decision 0074); the guard asks reports.view. */
export function registerReportRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  api.route({
    ...routeOf(ReportRoutes.figures),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await buildReport(db, request.query, app.clock()) };
    },
  });

  api.route({
    ...routeOf(ReportRoutes.export),
    handler: async (request, reply) => {
      const now = app.clock();
      const report = await buildReport(db, request.query, now);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName(`report-${report.from}-to-${report.to}`, now)}"`,
        )
        .header("cache-control", "no-store");
      return toCsv(REPORT_CSV_HEADER, reportCsvRows(report));
    },
  });
}
