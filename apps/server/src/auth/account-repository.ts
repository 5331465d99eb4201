import type { Kysely } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database, UsersTable } from "../db/schema.ts";

/**
 * The account row as signing in and the guard read it (auth/ owns the account: the row's
 * lookups, its mapping to the API's user, its permissions and its password). The user
 * feature's administration (invite, list, change access) builds on these.
 */
export type UserRow = UsersTable;

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string) {
  return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Locks a user's row until the transaction ends (PostgreSQL), so that two requests about
 * one account (counting its links, then adding one) run one after the other. SQLite's
 * transactions never overlap (one connection): nothing to lock there.
 */
export async function lockUserRow(
  db: Kysely<Database>,
  id: string,
  engine: DatabaseEngine,
): Promise<void> {
  if (engine !== "postgres") return;
  await db.selectFrom("users").select("id").where("id", "=", id).forUpdate().execute();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<UserRow, "id" | "created_at">>,
): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}
