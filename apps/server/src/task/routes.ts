import { TaskRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { principalOf } from "../auth/index.ts";
import type { Database } from "../db/schema.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { createTask, listTasks, setTaskDone, updateTask } from "./service.ts";

/**
 * Tasks (issue 27 §2, decision 0067). The contract's access (leads.view to read,
 * leads.work to change) is enforced by the guard; the service decides the finer rules:
 * everyone's list and giving a task to someone else take leads.assign.
 */
export function registerTaskRoutes(
  app: FastifyInstance,
  db: Kysely<Database>,
  options: { siteUrl: string },
): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const actorOf = (request: Parameters<typeof principalOf>[0]) => ({
    user: principalOf(request).user,
    ip: request.ip,
  });
  const contextOf = () => ({ now: app.clock(), siteUrl: options.siteUrl });

  api.route({
    ...routeOf(TaskRoutes.list),
    handler: async (request, reply) => {
      reply.header("cache-control", "no-store");
      const now = app.clock();
      const data = await listTasks(db, request.query, actorOf(request));
      return { success: true as const, now: now.toISOString(), data };
    },
  });

  api.route({
    ...routeOf(TaskRoutes.create),
    handler: async (request, reply) => {
      const task = await createTask(
        db,
        request.body,
        actorOf(request),
        contextOf(),
        request.headers["idempotency-key"],
      );
      app.mailer.deliverSoon();
      return reply.code(201).send({ success: true as const, data: task });
    },
  });

  api.route({
    ...routeOf(TaskRoutes.update),
    handler: async (request) => {
      const data = await updateTask(
        db,
        request.params.id,
        request.body,
        actorOf(request),
        contextOf(),
      );
      app.mailer.deliverSoon();
      return { success: true as const, data };
    },
  });

  api.route({
    ...routeOf(TaskRoutes.complete),
    handler: async (request) => ({
      success: true as const,
      data: await setTaskDone(db, request.params.id, true, actorOf(request), app.clock()),
    }),
  });

  api.route({
    ...routeOf(TaskRoutes.reopen),
    handler: async (request) => ({
      success: true as const,
      data: await setTaskDone(db, request.params.id, false, actorOf(request), app.clock()),
    }),
  });
}
