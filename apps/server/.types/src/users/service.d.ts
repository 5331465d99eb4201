import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
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
