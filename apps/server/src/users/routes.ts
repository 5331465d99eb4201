import { LoginSchema, UserSchema, UserUpdateSchema } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { principalOf } from "../auth/guard.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { HttpError, notFound } from "../lib/http-errors.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { isAdminRow, toUser } from "./mapping.ts";
import { findUserById, listUsers } from "./repository.ts";
import { inviteUser, updateUserAccess } from "./service.ts";

const IdParams = z.object({ id: z.string().min(1).max(100) });

const InviteSchema = z.object({
  email: LoginSchema.shape.email,
  firstName: z.string().trim().max(50).default(""),
  lastName: z.string().trim().max(50).default(""),
  isAdmin: z.boolean().default(false),
});

export function registerUserRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  api.get(
    "/api/users/list",
    { onRequest: app.requireAdmin, schema: { response: { 200: z.array(UserSchema) } } },
    async () => (await listUsers(db)).map(toUser),
  );

  api.get(
    "/api/users/list/:id",
    { onRequest: app.requireUser, schema: { params: IdParams, response: { 200: UserSchema } } },
    async (request) => {
      const { user: caller } = principalOf(request);
      // Anyone may read themselves (the web app's user refresh); only admins read others.
      if (caller.id !== request.params.id && !isAdminRow(caller)) {
        throw new HttpError(403, "Administrator access required");
      }
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound("User not found");
      return toUser(user);
    },
  );

  api.put(
    "/api/users/list/update/:id",
    {
      onRequest: app.requireAdmin,
      schema: { params: IdParams, body: UserUpdateSchema, response: { 200: UserSchema } },
    },
    async (request) => {
      const { user: caller } = principalOf(request);
      const updated = await updateUserAccess(database, request.params.id, request.body, {
        actorUserId: caller.id,
        ip: request.ip,
      });
      return toUser(updated);
    },
  );

  api.post(
    "/api/users/invite",
    {
      onRequest: app.requireAdmin,
      schema: { body: InviteSchema, response: { 201: UserSchema } },
    },
    async (request, reply) => {
      const { user: caller } = principalOf(request);
      const invited = await inviteUser(db, request.body, {
        actorUserId: caller.id,
        inviterName:
          [caller.first_name, caller.last_name].filter(Boolean).join(" ") || caller.email,
        ip: request.ip,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      return reply.code(201).send(toUser(invited));
    },
  );
}
