import { type UserUpdate } from "@agency/domain";
import type { Kysely } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { type UserRow } from "./repository.ts";
export declare const ACCOUNT_KINDS: readonly ["user", "admin", "super-admin"];
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export type UpsertUserInput = {
    email: string;
    password: string;
    kind: AccountKind;
    firstName?: string | undefined;
    lastName?: string | undefined;
};
/**
 * Creates the user, or updates the password and flags of an existing one (the contract's
 * `create-user`). Accounts made here are verified and active: an operator vouched for them.
 */
export declare function upsertUser(db: Kysely<Database>, input: UpsertUserInput): Promise<{
    id: string;
    created: boolean;
}>;
/**
 * Start-up bootstrap for `ADMIN_EMAIL` / `ADMIN_PASSWORD`: makes sure a verified, active
 * super admin with that password exists. Leaves a matching account untouched, so a
 * restart does not count as a password change (which would end that admin's sessions).
 */
export declare function ensureSuperAdmin(db: Kysely<Database>, email: string, password: string): Promise<void>;
export declare const LAST_ADMIN_MESSAGE = "This is the last active administrator. Make another user an administrator first.";
/**
 * Changes a user's flags and roles (the dashboard's Users view). The last active admin can
 * never lose admin rights or be deactivated; deactivation ends the user's sessions at once.
 * On PostgreSQL the admin rows are locked for the check, so two admins demoting each
 * other at the same moment cannot leave the agency with none.
 */
export declare function updateUserAccess(database: DatabaseHandle, id: string, update: UserUpdate, actor: {
    actorUserId: string;
    ip: string;
}): Promise<UserRow>;
/**
 * Creates an unverified staff account without a password and emails a one-time link
 * (72 hours) with which the new user sets their own password.
 */
export declare function inviteUser(db: Kysely<Database>, input: {
    email: string;
    firstName: string;
    lastName: string;
    isAdmin: boolean;
}, options: {
    actorUserId: string;
    inviterName: string;
    ip: string;
    publicUrl: string;
    now: Date;
}): Promise<UserRow>;
