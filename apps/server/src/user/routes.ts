import { permissionDeniedMessage, UserRoutes } from "@agency/domain";
import type { FastifyInstance } from "fastify";
import {
  findUserById,
  liveInvitationExpiries,
  principalOf,
  rowCan,
  toUser,
  type UserRow,
} from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import { HttpError, notFound } from "../lib/http-errors.ts";
import { routeOf } from "../lib/route.ts";
import type { ZodTypeProvider } from "../lib/zod-provider.ts";
import { listUsers } from "./repository.ts";
import {
  deleteInvitedUser,
  inviteUser,
  renameSelf,
  resendInvitation,
  revokeInvitation,
  updateUserAccess,
} from "./service.ts";

export function registerUserRoutes(app: FastifyInstance, database: DatabaseHandle): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = database.db;

  /** Users as the Users view shows them: with their pending invitation, if any. */
  async function forUsersView(rows: UserRow[]) {
    const invitees = rows.filter((row) => row.password_hash === null).map((row) => row.id);
    const invitations = await liveInvitationExpiries(db, invitees, app.clock());
    return rows.map((row) => toUser(row, invitations));
  }
  const forUserView = async (row: UserRow) =>
    toUser(
      row,
      await liveInvitationExpiries(db, row.password_hash === null ? [row.id] : [], app.clock()),
    );

  const inviterOf = (caller: UserRow) =>
    [caller.first_name, caller.last_name].filter(Boolean).join(" ") || caller.email;

  api.route({
    ...routeOf(UserRoutes.renameSelf),
    handler: async (request) => {
      const { user } = principalOf(request);
      await renameSelf(db, user.id, request.body, { ip: request.ip, now: app.clock() });
      const row = await findUserById(db, user.id);
      if (!row) throw notFound("User not found");
      return forUserView(row);
    },
  });

  api.route({
    ...routeOf(UserRoutes.list),
    handler: async () => forUsersView(await listUsers(db)),
  });

  api.route({
    ...routeOf(UserRoutes.get),
    handler: async (request) => {
      const { user: caller } = principalOf(request);
      // Anyone may read themselves (the web app's user refresh); only user managers read others.
      const managesUsers = rowCan(caller, "users.manage");
      if (caller.id !== request.params.id && !managesUsers) {
        throw new HttpError(403, permissionDeniedMessage("users.manage"));
      }
      const user = await findUserById(db, request.params.id);
      if (!user) throw notFound("User not found");
      return managesUsers ? await forUserView(user) : toUser(user);
    },
  });

  api.route({
    ...routeOf(UserRoutes.update),
    handler: async (request) => {
      const { user: caller } = principalOf(request);
      const updated = await updateUserAccess(database, request.params.id, request.body, {
        actorUserId: caller.id,
        ip: request.ip,
        now: app.clock(),
      });
      return await forUserView(updated);
    },
  });

  api.route({
    ...routeOf(UserRoutes.invite),
    handler: async (request, reply) => {
      const { user: caller } = principalOf(request);
      const invited = await inviteUser(db, request.body, {
        actorUserId: caller.id,
        inviterName: inviterOf(caller),
        ip: request.ip,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      return reply.code(201).send(await forUserView(invited));
    },
  });

  api.route({
    ...routeOf(UserRoutes.resendInvitation),
    handler: async (request) => {
      const { user: caller } = principalOf(request);
      const invitee = await resendInvitation(db, request.params.id, {
        actorUserId: caller.id,
        inviterName: inviterOf(caller),
        ip: request.ip,
        publicUrl: app.config.publicUrl,
        now: app.clock(),
      });
      app.mailer.deliverSoon();
      return await forUserView(invitee);
    },
  });

  api.route({
    ...routeOf(UserRoutes.revokeInvitation),
    handler: async (request) => {
      const { user: caller } = principalOf(request);
      const invitee = await revokeInvitation(db, request.params.id, {
        actorUserId: caller.id,
        ip: request.ip,
        now: app.clock(),
      });
      return await forUserView(invitee);
    },
  });

  api.route({
    ...routeOf(UserRoutes.delete),
    handler: async (request) => {
      const { user: caller } = principalOf(request);
      await deleteInvitedUser(db, request.params.id, {
        actorUserId: caller.id,
        ip: request.ip,
        now: app.clock(),
      });
      return { success: true as const };
    },
  });
}
