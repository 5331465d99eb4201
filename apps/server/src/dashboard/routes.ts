import { DashboardRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { myFollowUps } from "../lead/index.ts";
import { csvFileName, toCsv } from "../lib/csv.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import {
  dashboardOverview,
  dashboardReport,
  latestLeads,
  markNotificationRead,
  markNotificationsSeen,
  notificationCount,
  prospectTimeline,
  searchPeople,
} from "./service.ts";

export function registerDashboardRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.route({
    ...routeOf(DashboardRoutes.overview),
    handler: async (request, reply) => {
      const { user } = principalOf(request);
      reply.header("cache-control", "no-store");
      const [overview, notifications] = await Promise.all([
        dashboardOverview(db, app.clock(), { smtpConfigured: Boolean(app.config.smtpUrl) }),
        notificationCount(db, user.id, app.clock()),
      ]);
      return { ...overview, notifications };
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.notifications),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notificationCount(db, principalOf(request).user.id, app.clock());
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.latestLeads),
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return latestLeads(db);
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.notificationsSeen),
    handler: async (request) => {
      await markNotificationsSeen(db, principalOf(request).user.id, app.clock());
      return { success: true as const };
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.notificationRead),
    handler: async (request) => {
      await markNotificationRead(db, principalOf(request).user.id, request.body, app.clock());
      return { success: true as const };
    },
  });

  // The email travels in the query string, which the logs never record.
  api.route({
    ...routeOf(DashboardRoutes.timeline),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return prospectTimeline(db, request.query.email);
    },
  });

  // The search travels in the query string, which the logs never record.
  api.route({
    ...routeOf(DashboardRoutes.search),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { people: await searchPeople(db, request.query.q) };
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.myFollowUps),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return myFollowUps(db, principalOf(request).user.id, app.clock());
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.report),
    handler: async (_request, reply) => {
      const report = await dashboardReport(db, app.clock());
      const rows: (readonly unknown[])[] = report.daily.map((d) => [
        d.date,
        d.quotes,
        d.contacts,
        d.appointments,
      ]);
      rows.push([
        `total ${report.first} to ${report.last}`,
        report.totals.quotes,
        report.totals.contacts,
        report.totals.appointments,
      ]);
      rows.push([]);
      rows.push(["", "these 30 days", "the 30 days before", "change %"]);
      for (const [kind, t] of Object.entries(report.trends)) {
        rows.push([kind, t.last30Days, t.previous30Days, t.changePercent ?? ""]);
      }
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName("dashboard-report", app.clock())}"`,
        )
        .header("cache-control", "no-store");
      return toCsv(["date", "new quotes", "new messages", "new bookings"], rows);
    },
  });
}
