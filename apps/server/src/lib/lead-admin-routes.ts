import { IdParamsSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import { principalOf } from "../auth/guard.ts";
import type { Database } from "../db/schema.ts";
import { csvFileName, toCsv } from "./csv.ts";
import { isPaged, type ListQuery, ListQuerySchema } from "./list-query.ts";
import { changeStatus, deleteRecord } from "./records.ts";
import type { ZodTypeProvider } from "./zod-provider.ts";

const StatusBody = z.object({
  status: z.string({ error: "status is required" }).trim().min(1, "status is required"),
});

export type LeadAdminSpec<Item> = {
  table: "auto_quotes" | "contacts" | "appointments";
  /** Name in file names and messages: "quotes", "contacts", "appointments". */
  kind: string;
  statuses: readonly string[];
  paths: { list: string; delete: string; status: string; export: string };
  list: (db: Kysely<Database>, params: ListQuery) => Promise<{ items: Item[]; total: number }>;
  /** The spec's response shape for the list. */
  wrap: (items: Item[]) => Record<string, unknown>;
  notFoundMessage: string;
  csv: { header: readonly string[]; row: (item: Item) => readonly unknown[] };
};

/**
 * The admin side every lead list shares: list (whole, or paged / searched / sorted / by
 * status on the server), delete, status change and CSV export of the filtered list. All
 * behind requireAdmin; every change is audited.
 */
export function registerLeadAdminRoutes<Item>(
  app: FastifyInstance,
  db: Kysely<Database>,
  spec: LeadAdminSpec<Item>,
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    spec.paths.list,
    { onRequest: app.requireAdmin, schema: { querystring: ListQuerySchema } },
    async (request, reply) => {
      const { items, total } = await spec.list(db, request.query);
      reply.header("cache-control", "no-store");
      const body = spec.wrap(items);
      if (!isPaged(request.query)) return { ...body, total };
      return {
        ...body,
        total,
        limit: request.query.limit ?? 200,
        offset: request.query.offset ?? 0,
      };
    },
  );

  api.get(
    spec.paths.export,
    {
      onRequest: app.requireAdmin,
      schema: { querystring: ListQuerySchema.omit({ limit: true, offset: true }) },
    },
    async (request, reply) => {
      const { items } = await spec.list(db, request.query);
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName(spec.kind, app.clock())}"`,
        )
        .header("cache-control", "no-store");
      return toCsv(spec.csv.header, items.map(spec.csv.row));
    },
  );

  api.delete(
    spec.paths.delete,
    { onRequest: app.requireAdmin, schema: { params: IdParamsSchema } },
    async (request) => {
      const { user } = principalOf(request);
      await deleteRecord(
        db,
        spec.table,
        request.params.id,
        { userId: user.id, ip: request.ip },
        spec.notFoundMessage,
      );
      return { success: true };
    },
  );

  api.patch(
    spec.paths.status,
    { onRequest: app.requireAdmin, schema: { params: IdParamsSchema, body: StatusBody } },
    async (request) => {
      const { user } = principalOf(request);
      const result = await changeStatus(
        db,
        spec.table,
        request.params.id,
        request.body.status,
        spec.statuses,
        { userId: user.id, ip: request.ip },
        app.clock(),
      );
      return { success: true, data: result };
    },
  );
}
