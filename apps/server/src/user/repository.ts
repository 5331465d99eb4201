import type { Kysely } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database, UsersTable } from "../db/schema.ts";

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

export async function insertUser(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db.insertInto("users").values(row).execute();
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Omit<UserRow, "id" | "created_at">>,
): Promise<void> {
  await db.updateTable("users").set(changes).where("id", "=", id).execute();
}

/** Removes a user; their sessions, links and known addresses go with them (cascade). */
export async function deleteUser(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("user_id", "=", id).execute();
  await db.deleteFrom("users").where("id", "=", id).execute();
}

export function listUsers(db: Kysely<Database>) {
  return db.selectFrom("users").selectAll().orderBy("created_at", "desc").orderBy("id").execute();
}

/** Every admin (admin or super admin); locked for the transaction where `forUpdate`. */
export function listAdminRows(db: Kysely<Database>, { forUpdate }: { forUpdate: boolean }) {
  let query = db
    .selectFrom("users")
    .selectAll()
    .where((eb) => eb.or([eb("is_admin", "=", 1), eb("super_admin", "=", 1)]));
  if (forUpdate) query = query.forUpdate();
  return query.execute();
}
