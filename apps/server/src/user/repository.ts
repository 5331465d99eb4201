import type { Kysely } from "kysely";
import type { UserRow } from "../auth/index.ts";
import type { Database } from "../db/schema.ts";

export async function insertUser(db: Kysely<Database>, row: UserRow): Promise<void> {
  await db.insertInto("users").values(row).execute();
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

/** Accounts that may sign in: the candidates for assignment (the service keeps staff). */
export function listActiveUsers(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email", "roles", "is_admin", "super_admin"])
    .where("is_active", "=", 1)
    .where("is_verified", "=", 1)
    .where("password_hash", "is not", null)
    .orderBy("first_name")
    .orderBy("last_name")
    .orderBy("email")
    .execute();
}

/** The names and emails of the given accounts (note authors, assignees). */
export function findUsersByIds(db: Kysely<Database>, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "email"])
    .where("id", "in", [...ids])
    .execute();
}
