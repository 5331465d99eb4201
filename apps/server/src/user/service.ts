import {
  AGENCY,
  accountChangeRefusal,
  type Role,
  USER_RULE_MESSAGES,
  type UserUpdate,
} from "@agency/domain";
import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import {
  clearAccountLockout,
  createPasswordToken,
  findUserByEmail,
  findUserById,
  hashPassword,
  INVITE_LINK_HOURS,
  revokePasswordTokens,
  revokeUserSessions,
  type UserRow,
  updateUser,
  verifyPassword,
} from "../auth/index.ts";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "../lib/http-errors.ts";
import { newId, nowIso } from "../lib/ids.ts";
import { queueMail } from "../mail/outbox.ts";
import { deleteUser, insertUser, listAdminRows } from "./repository.ts";

/** What `create-user --role` and the tests make: a user, or staff of one role (0025). */
export const ACCOUNT_KINDS = [
  "user",
  "agent",
  "support",
  "manager",
  "admin",
  "super-admin",
] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

const KIND_ROLES: Record<AccountKind, Role[]> = {
  user: ["User"],
  agent: ["User", "Agent"],
  support: ["User", "Support"],
  manager: ["User", "Manager"],
  admin: ["User", "Admin"],
  "super-admin": ["User", "Admin"],
};

export type UpsertUserInput = {
  email: string;
  password: string;
  kind: AccountKind;
  firstName?: string | undefined;
  lastName?: string | undefined;
};

function flagsFor(kind: AccountKind) {
  return {
    is_admin: kind === "admin" || kind === "super-admin" ? 1 : 0,
    super_admin: kind === "super-admin" ? 1 : 0,
    roles: JSON.stringify(KIND_ROLES[kind]),
  } as const;
}

/**
 * Creates the user, or updates the password and flags of an existing one (the contract's
 * `create-user`). Accounts made here are verified and active: an operator vouched for them.
 * Setting the password this way is a reset too: it lifts the account's sign-in lockout and
 * revokes every reset or invitation link still out for it.
 */
export async function upsertUser(
  db: Kysely<Database>,
  input: UpsertUserInput,
): Promise<{ id: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = nowIso();
  const flags = flagsFor(input.kind);
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await db.transaction().execute(async (trx) => {
      await updateUser(trx, existing.id, {
        ...flags,
        password_hash: passwordHash,
        password_changed_at: now,
        is_verified: 1,
        is_active: 1,
        ...(input.firstName === undefined ? {} : { first_name: input.firstName }),
        ...(input.lastName === undefined ? {} : { last_name: input.lastName }),
        updated_at: now,
      });
      await revokePasswordTokens(trx, existing.id, new Date(now));
      // An operator setting the password (a lost or exposed one) signs the account out
      // everywhere, as a reset link does; ensureSuperAdmin leaves a matching account alone.
      await revokeUserSessions(trx, existing.id, new Date(now));
      await clearAccountLockout(trx, email);
    });
    return { id: existing.id, created: false };
  }
  const id = newId();
  await insertUser(db, {
    id,
    email,
    password_hash: passwordHash,
    first_name: input.firstName ?? "",
    last_name: input.lastName ?? "",
    ...flags,
    is_verified: 1,
    is_active: 1,
    password_changed_at: now,
    notifications_seen_at: null,
    created_at: now,
    updated_at: now,
  });
  await clearAccountLockout(db, email);
  return { id, created: true };
}

/**
 * Start-up bootstrap for `ADMIN_EMAIL` / `ADMIN_PASSWORD`: makes sure a verified, active
 * super admin with that password exists. Leaves a matching account untouched, so a
 * restart does not count as a password change (which would end that admin's sessions).
 */
export async function ensureSuperAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<void> {
  const existing = await findUserByEmail(db, email.trim().toLowerCase());
  const isInPlace =
    existing?.password_hash &&
    existing.super_admin === 1 &&
    existing.is_admin === 1 &&
    existing.is_verified === 1 &&
    existing.is_active === 1 &&
    (await verifyPassword(existing.password_hash, password));
  if (isInPlace) return;
  await upsertUser(db, { email, password, kind: "super-admin" });
}

export const LAST_ADMIN_MESSAGE =
  "This is the last active administrator. Make another user an administrator first.";
export const LAST_SUPER_ADMIN_MESSAGE =
  "This is the last active super admin. Make another user a super admin first.";
export const SUPER_ADMIN_GRANT_MESSAGE = USER_RULE_MESSAGES.superAdminGrant;
export const SUPER_ADMIN_TARGET_MESSAGE = USER_RULE_MESSAGES.superAdminTarget;

/** Verified, active, and admin or super admin: someone who can run the dashboard. */
function isActiveAdmin(row: UserRow): boolean {
  return (
    row.is_verified === 1 && row.is_active === 1 && (row.is_admin === 1 || row.super_admin === 1)
  );
}

function isActiveSuperAdmin(row: UserRow): boolean {
  return isActiveAdmin(row) && row.super_admin === 1;
}

function roleFieldsOf(row: UserRow) {
  return {
    isAdmin: row.is_admin === 1,
    supperAdmin: row.super_admin === 1,
    role: JSON.parse(row.roles) as string[],
  };
}

/**
 * The Users view's rules (decision 0025, `accountChangeRefusal`): an admin manages
 * Agents, Support, Managers and plain users; only a super admin grants or removes Admin or
 * super admin, or touches an admin's account at all (demote, deactivate, change roles,
 * revoke or resend their invitation, delete), so an admin cannot take the agency away
 * from its owner or from each other.
 */
function assertMayManage(
  actor: UserRow | undefined,
  target: UserRow,
  update: UserUpdate | { isAdmin: boolean } = {},
): void {
  const refusal = accountChangeRefusal(actor && roleFieldsOf(actor), roleFieldsOf(target), update);
  if (refusal) throw new HttpError(403, refusal);
}

/**
 * The isAdmin flag and the Admin role mean the same and move together (the role matrix
 * reads either): the flag when given wins, else the role list decides.
 */
function adminFlagAndRoles(
  target: UserRow,
  update: UserUpdate,
): Pick<UserRow, "is_admin" | "roles"> {
  const roles = update.role ?? (JSON.parse(target.roles) as Role[]);
  const isAdmin = update.isAdmin ?? roles.includes("Admin");
  const hasRole = roles.includes("Admin");
  const synced =
    isAdmin === hasRole
      ? roles
      : isAdmin
        ? [...roles, "Admin"]
        : roles.filter((r) => r !== "Admin");
  return { is_admin: isAdmin ? 1 : 0, roles: JSON.stringify(synced) };
}

export type Actor = { actorUserId: string; ip: string; now?: Date };

/**
 * Changes a user's flags and roles (the dashboard's Users view). The last active admin,
 * and the last active super admin, can never lose those rights or be deactivated;
 * deactivation ends the user's sessions at once and kills their unused invitation and
 * reset links. On PostgreSQL the admin rows are
 * locked for the check, so two admins demoting each other at the same moment cannot leave
 * the agency with none.
 */
export async function updateUserAccess(
  database: DatabaseHandle,
  id: string,
  update: UserUpdate,
  actor: Actor,
): Promise<UserRow> {
  const now = actor.now ?? new Date();
  return database.db.transaction().execute(async (trx) => {
    const admins = await listAdminRows(trx, { forUpdate: database.engine === "postgres" });
    const target = await findUserById(trx, id);
    if (!target) throw notFound("User not found");
    assertMayManage(await findUserById(trx, actor.actorUserId), target, update);

    const changes: Partial<UserRow> = {};
    if (update.supperAdmin !== undefined) changes.super_admin = update.supperAdmin ? 1 : 0;
    if (update.isVerified !== undefined) changes.is_verified = update.isVerified ? 1 : 0;
    if (update.isAdmin !== undefined || update.role !== undefined) {
      Object.assign(changes, adminFlagAndRoles(target, update));
    }
    const after = { ...target, ...changes };

    if (isActiveAdmin(target) && !isActiveAdmin(after)) {
      const others = admins.filter((row) => row.id !== target.id && isActiveAdmin(row));
      if (others.length === 0) throw new HttpError(409, LAST_ADMIN_MESSAGE);
    }
    // Only a super admin manages admins: the agency always keeps one.
    if (isActiveSuperAdmin(target) && !isActiveSuperAdmin(after)) {
      const others = admins.filter((row) => row.id !== target.id && isActiveSuperAdmin(row));
      if (others.length === 0) throw new HttpError(409, LAST_SUPER_ADMIN_MESSAGE);
    }

    await updateUser(trx, id, { ...changes, updated_at: nowIso(now) });
    if (after.is_verified === 0 && target.is_verified === 1) {
      await revokeUserSessions(trx, id, now);
    }
    // An invitee is unverified already: deactivating them must still kill the link, or it
    // would verify them with the roles they were given.
    if (update.isVerified === false) await revokePasswordTokens(trx, id, now);
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "user.updated",
      target: { type: "user", id },
      ip: actor.ip,
      details: {
        before: {
          isAdmin: target.is_admin === 1,
          supperAdmin: target.super_admin === 1,
          isVerified: target.is_verified === 1,
          role: JSON.parse(target.roles),
        },
        changes: update,
      },
    });
    return after;
  });
}

export type InvitationOptions = Actor & { inviterName: string; publicUrl: string; now: Date };

/** Creates an invitation link and queues its mail (inside the caller's transaction). */
async function sendInvitation(
  trx: Kysely<Database>,
  user: UserRow,
  options: InvitationOptions,
): Promise<void> {
  const { token, expiresAt } = await createPasswordToken(trx, user.id, "invite", options.now);
  await queueMail(
    trx,
    {
      kind: "user.invite",
      to: user.email,
      subject: `You're invited to the ${AGENCY.name} staff dashboard`,
      text: [
        `Hi ${user.first_name || "there"},`,
        "",
        `${options.inviterName} invited you to the staff dashboard of ${AGENCY.name}.`,
        `Choose your password within ${INVITE_LINK_HOURS} hours with this one-time link:`,
        `${options.publicUrl}/reset-password?token=${token}&invite=1`,
        "",
        "If you were not expecting this, you can ignore this email.",
      ].join("\n"),
      related: { type: "user", id: user.id },
      secretExpiresAt: expiresAt,
    },
    options.now,
  );
}

/**
 * Creates an unverified staff account without a password and emails a one-time link
 * (72 hours) with which the new user sets their own password.
 */
export async function inviteUser(
  db: Kysely<Database>,
  input: { email: string; firstName: string; lastName: string; isAdmin: boolean },
  options: InvitationOptions,
): Promise<UserRow> {
  const email = input.email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    // Inviting an administrator grants admin access: a super admin's call.
    const invitee = { id: "", is_admin: 0, super_admin: 0, roles: "[]" } as UserRow;
    assertMayManage(await findUserById(trx, options.actorUserId), invitee, {
      isAdmin: input.isAdmin,
    });
    if (await findUserByEmail(trx, email)) {
      throw new HttpError(409, "A user with this email already exists");
    }
    const now = nowIso(options.now);
    const row: UserRow = {
      id: newId(),
      email,
      password_hash: null,
      first_name: input.firstName,
      last_name: input.lastName,
      roles: JSON.stringify(input.isAdmin ? ["User", "Admin"] : ["User"]),
      is_admin: input.isAdmin ? 1 : 0,
      super_admin: 0,
      is_verified: 0,
      is_active: 1,
      password_changed_at: null,
      notifications_seen_at: null,
      created_at: now,
      updated_at: now,
    };
    await insertUser(trx, row);
    await sendInvitation(trx, row, options);
    await writeAudit(trx, {
      actorUserId: options.actorUserId,
      action: "user.invited",
      target: { type: "user", id: row.id },
      ip: options.ip,
      details: { isAdmin: input.isAdmin },
    });
    return row;
  });
}

export const INVITATION_ACCEPTED_MESSAGE =
  "This person has already accepted the invitation and chosen a password.";

/** The invitee, if the account is one whose invitation has not been accepted yet. */
async function pendingInvitee(
  trx: Kysely<Database>,
  id: string,
  actorUserId: string,
): Promise<UserRow> {
  const target = await findUserById(trx, id);
  if (!target) throw notFound("User not found");
  assertMayManage(await findUserById(trx, actorUserId), target);
  // An account with a password has accepted (or never needed) an invitation.
  if (target.password_hash !== null) throw new HttpError(409, INVITATION_ACCEPTED_MESSAGE);
  return target;
}

/** Kills the invitation link at once; the account stays, Unverified, and can be re-invited. */
export async function revokeInvitation(
  db: Kysely<Database>,
  id: string,
  actor: Actor & { now: Date },
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const target = await pendingInvitee(trx, id, actor.actorUserId);
    const revoked = await revokePasswordTokens(trx, id, actor.now, "invite");
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "user.invitation.revoked",
      target: { type: "user", id },
      ip: actor.ip,
      details: { links: revoked },
    });
    return target;
  });
}

/** A new invitation link (72 hours) by email; every earlier link of the invitee dies. */
export async function resendInvitation(
  db: Kysely<Database>,
  id: string,
  options: InvitationOptions,
): Promise<UserRow> {
  return db.transaction().execute(async (trx) => {
    const target = await pendingInvitee(trx, id, options.actorUserId);
    await revokePasswordTokens(trx, id, options.now, "invite");
    await sendInvitation(trx, target, options);
    await writeAudit(trx, {
      actorUserId: options.actorUserId,
      action: "user.invitation.resent",
      target: { type: "user", id },
      ip: options.ip,
    });
    return target;
  });
}

/**
 * Deletes an account whose invitation was never accepted (a typo in the address, a hire
 * who did not start). Accounts that have signed in are deactivated instead, so the audit
 * trail keeps who they were.
 */
export async function deleteInvitedUser(
  db: Kysely<Database>,
  id: string,
  actor: Actor & { now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const target = await pendingInvitee(trx, id, actor.actorUserId);
    await revokePasswordTokens(trx, id, actor.now);
    await deleteUser(trx, id);
    await writeAudit(trx, {
      actorUserId: actor.actorUserId,
      action: "user.deleted",
      target: { type: "user", id },
      ip: actor.ip,
      details: { wasAdmin: isActiveAdmin({ ...target, is_verified: 1 }) },
    });
  });
}

/** A staff member changes their own name; the audit entry names the fields, not the values. */
export async function renameSelf(
  db: Kysely<Database>,
  userId: string,
  name: { firstName: string; lastName: string },
  actor: { ip: string; now: Date },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findUserById(trx, userId);
    if (!before) throw notFound("User not found");
    const fields = [
      ...(before.first_name === name.firstName ? [] : ["firstName"]),
      ...(before.last_name === name.lastName ? [] : ["lastName"]),
    ];
    if (fields.length === 0) return;
    await updateUser(trx, userId, {
      first_name: name.firstName,
      last_name: name.lastName,
      updated_at: nowIso(actor.now),
    });
    await writeAudit(trx, {
      actorUserId: userId,
      action: "user.renamed",
      target: { type: "user", id: userId },
      ip: actor.ip,
      details: { fields },
    });
  });
}
