import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import {
  DUPLICATE_GROUPS_PAGE,
  formatAgencyTimestamp,
  PeopleRoutes,
  type Person,
  PREFERRED_CONTACT_LABELS,
  unpagedListLimit,
} from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { writeExportAudit, writeViewAudit } from "../audit/audit.ts";
import { principalOf, rowCan } from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { CSV_BOM, csvFileName, csvLines } from "../lib/csv.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { mergePeople, undoMerge } from "./merge.ts";
import {
  duplicateGroups,
  exportPeople,
  listPeople,
  personDuplicates,
  personPage,
  updatePerson,
} from "./service.ts";

/** People per batch of the CSV export: each is read and written in one turn of the event loop. */
const EXPORT_BATCH_ROWS = 250;

const CSV_HEADER = [
  "id",
  "first name",
  "last name",
  "email",
  "phone",
  "street",
  "city",
  "state",
  "zip",
  "preferred contact",
  "quotes",
  "messages",
  "appointments",
  "latest",
  "created",
] as const;

function csvRow(person: Person): readonly unknown[] {
  return [
    person._id,
    person.firstName,
    person.lastName,
    person.email,
    person.phone,
    person.mailingAddress.street,
    person.mailingAddress.city,
    person.mailingAddress.state,
    person.mailingAddress.zip,
    person.preferredContact ? PREFERRED_CONTACT_LABELS[person.preferredContact] : "",
    person.leadCounts.quotes,
    person.leadCounts.contacts,
    person.leadCounts.appointments,
    formatAgencyTimestamp(person.latestAt),
    formatAgencyTimestamp(person.createdAt),
  ];
}

/** The people list, its CSV, the person page and the edit of a person's details (decision 0066). */
export function registerPeopleRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  // The search travels in the query string, which the logs never record.
  api.route({
    ...routeOf(PeopleRoutes.list),
    handler: async (request, reply) => {
      // Never the whole table (decision 0047): without a limit, the first page, or up to
      // the cap for staff who may export anyway.
      const limit =
        request.query.limit ?? unpagedListLimit(rowCan(principalOf(request).user, "leads.export"));
      reply.header("cache-control", "no-store");
      return listPeople(db, { ...request.query, limit, offset: request.query.offset ?? 0 });
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.export),
    handler: async (request, reply) => {
      const batches = exportPeople(db, request.query, EXPORT_BATCH_ROWS)[Symbol.asyncIterator]();
      // The first batch is read before the answer starts, so a failure there is still an
      // ordinary error answer; the file then streams a batch per turn of the event loop.
      const first = await batches.next();
      const exported: string[] = [];
      async function* lines() {
        try {
          yield `${CSV_BOM}${csvLines([CSV_HEADER])}`;
          let next = first;
          while (!next.done) {
            // Counted before it is handed on: a download cut short may still have had it.
            for (const person of next.value) exported.push(person._id);
            yield csvLines(next.value.map(csvRow));
            await nextTurn();
            next = await batches.next();
          }
        } finally {
          // Who took which people (decision 0084), also when the download was cut short.
          // The file is gone by then: a failure to write is the operator's error to see.
          await writeExportAudit(db, {
            actorUserId: principalOf(request).user.id,
            ip: request.ip,
            kind: "people",
            targetType: "person",
            filter: { ...request.query },
            ids: exported,
          }).catch((error: unknown) =>
            request.log.error({ err: error }, "export audit not written"),
          );
        }
      }
      reply
        .header("content-type", "text/csv; charset=utf-8")
        .header(
          "content-disposition",
          `attachment; filename="${csvFileName("people", app.clock())}"`,
        )
        .header("cache-control", "no-store");
      return reply.send(Readable.from(lines()));
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.duplicateGroups),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return duplicateGroups(db, {
        limit: request.query.limit ?? DUPLICATE_GROUPS_PAGE,
        offset: request.query.offset ?? 0,
      });
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.one),
    handler: async (request, reply) => {
      const data = await personPage(db, request.params.id);
      await writeViewAudit(db, {
        actorUserId: principalOf(request).user.id,
        target: { type: "person", id: request.params.id },
        ip: request.ip,
      });
      reply.header("cache-control", "no-store");
      return { success: true as const, data };
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.duplicates),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, data: await personDuplicates(db, request.params.id) };
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.merge),
    handler: async (request) => {
      const { user } = principalOf(request);
      const merged = await mergePeople(
        database,
        request.params.id,
        request.body.otherId,
        { userId: user.id, ip: request.ip },
        app.clock(),
      );
      return { success: true as const, data: merged };
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.undoMerge),
    handler: async (request) => {
      const { user } = principalOf(request);
      const undone = await undoMerge(
        database,
        request.params.id,
        { userId: user.id, ip: request.ip },
        app.clock(),
      );
      return { success: true as const, data: undone };
    },
  });

  api.route({
    ...routeOf(PeopleRoutes.update),
    handler: async (request) => {
      const { user } = principalOf(request);
      const person = await updatePerson(
        database,
        request.params.id,
        request.body,
        { userId: user.id, ip: request.ip },
        app.clock(),
      );
      return { success: true as const, data: person };
    },
  });
}
