import type { Kysely } from "kysely";
import type { Database, LoginFailuresTable } from "../db/schema.ts";

/** Failed sign-ins since `since` (ISO), by account, by address, or by both. */
export async function countFailures(
  db: Kysely<Database>,
  where: { email?: string; ip?: string },
  since: string,
): Promise<number> {
  let query = db
    .selectFrom("login_failures")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">", since);
  if (where.email !== undefined) query = query.where("email", "=", where.email);
  if (where.ip !== undefined) query = query.where("ip", "=", where.ip);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the account signed in from this address after `since` (ISO). */
export async function isKnownAddress(
  db: Kysely<Database>,
  userId: string,
  ip: string,
  since: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("sign_in_addresses")
    .select("ip")
    .where("user_id", "=", userId)
    .where("ip", "=", ip)
    .where("last_success_at", ">", since)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertLoginFailure(
  db: Kysely<Database>,
  row: LoginFailuresTable,
): Promise<void> {
  await db.insertInto("login_failures").values(row).execute();
}

/** Notes a successful sign-in from this address (added, or its time moved on). */
export async function touchSignInAddress(
  db: Kysely<Database>,
  userId: string,
  ip: string,
  at: string,
): Promise<void> {
  await db
    .insertInto("sign_in_addresses")
    .values({ user_id: userId, ip, last_success_at: at })
    .onConflict((oc) => oc.columns(["user_id", "ip"]).doUpdateSet({ last_success_at: at }))
    .execute();
}

/** Forgets an account's failures: from one address, or from all. */
export async function deleteLoginFailures(
  db: Kysely<Database>,
  where: { email: string; ip?: string },
): Promise<void> {
  let query = db.deleteFrom("login_failures").where("email", "=", where.email);
  if (where.ip !== undefined) query = query.where("ip", "=", where.ip);
  await query.execute();
}
