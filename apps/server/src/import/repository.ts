import type { Kysely, Transaction } from "kysely";
import type { Database, ImportMappingsTable, PoliciesTable } from "../db/schema.ts";

/** The mapping last used with a header, by the header's hash. */
export function findMapping(
  db: Kysely<Database>,
  headerHash: string,
): Promise<ImportMappingsTable | undefined> {
  return db
    .selectFrom("import_mappings")
    .selectAll()
    .where("header_hash", "=", headerHash)
    .executeTakeFirst();
}

export async function saveMapping(db: Kysely<Database>, row: ImportMappingsTable): Promise<void> {
  await db
    .insertInto("import_mappings")
    .values(row)
    .onConflict((oc) =>
      oc.column("header_hash").doUpdateSet({
        mapping: row.mapping,
        updated_by: row.updated_by,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

/** Staff who may produce a policy, by lower-cased email: active, verified users with a role. */
export function staffAccounts(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .select(["id", "email", "is_admin", "super_admin", "roles"])
    .where("is_active", "=", 1)
    .where("is_verified", "=", 1)
    .execute();
}

/** Policy numbers per statement (bound values), well inside both engines' limits. */
const NUMBERS_PER_READ = 1000;

/** The recorded policies with any of these numbers: their carrier, number and effective date. */
export async function policiesNumbered(
  db: Kysely<Database>,
  numbers: readonly string[],
): Promise<Pick<PoliciesTable, "id" | "carrier" | "policy_number" | "effective_date">[]> {
  const found: Pick<PoliciesTable, "id" | "carrier" | "policy_number" | "effective_date">[] = [];
  for (let start = 0; start < numbers.length; start += NUMBERS_PER_READ) {
    found.push(
      ...(await db
        .selectFrom("policies")
        .select(["id", "carrier", "policy_number", "effective_date"])
        .where("policy_number", "in", numbers.slice(start, start + NUMBERS_PER_READ))
        .execute()),
    );
  }
  return found;
}

/** Policies per INSERT (23 columns each). */
const POLICIES_PER_INSERT = 200;

export async function insertPolicies(
  trx: Transaction<Database>,
  rows: readonly PoliciesTable[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += POLICIES_PER_INSERT) {
    await trx
      .insertInto("policies")
      .values(rows.slice(start, start + POLICIES_PER_INSERT))
      .execute();
  }
}

/** Of these people, the ones created at `at` (by this batch). */
export async function peopleCreatedAt(
  trx: Transaction<Database>,
  ids: readonly string[],
  at: string,
): Promise<number> {
  let count = 0;
  for (let start = 0; start < ids.length; start += NUMBERS_PER_READ) {
    const rows = await trx
      .selectFrom("persons")
      .select("id")
      .where("id", "in", ids.slice(start, start + NUMBERS_PER_READ))
      .where("created_at", "=", at)
      .execute();
    count += rows.length;
  }
  return count;
}
