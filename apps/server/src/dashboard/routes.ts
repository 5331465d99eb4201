import { DashboardRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { csvFileName, toCsv } from "../lib/csv.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import {
  dashboardOverview,
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
        dashboardOverview(db, app.clock()),
        notificationCount(db, user.id),
      ]);
      return { ...overview, notifications };
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.notifications),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return notificationCount(db, principalOf(request).user.id);
    },
  });

  api.route({
    ...routeOf(DashboardRoutes.notificationsSeen),
    handler: async (request) => {
      await markNotificationsSeen(db, principalOf(request).user.id, app.clock());
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
    ...routeOf(DashboardRoutes.report),
    handler: async (_request, reply) => {
      const overview = await dashboardOverview(db, app.clock());
      const rows: (readonly unknown[])[] = overview.daily.map((d) => [
        d.date,
        d.quotes,
        d.contacts,
        d.appointments,
      ]);
      rows.push([]);
      rows.push([
        "totals",
        overview.counts.quotes,
        overview.counts.contacts,
        overview.counts.appointments,
      ]);
      for (const [kind, t] of Object.entries(overview.trends)) {
        rows.push([
          `${kind}: last 30 days`,
          t.last30Days,
          "previous 30 days",
          t.previous30Days,
          "change %",
          t.changePercent ?? "n/a",
        ]);
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
