import type { Kysely, Transaction } from "kysely";
import type { DatabaseEngine } from "../db/database.ts";
import type { Database, HouseholdMembersTable } from "../db/schema.ts";

type Reader = Kysely<Database> | Transaction<Database>;

/** The person's membership row, if they are someone's household member. */
export function findMembership(
  db: Reader,
  personId: string,
): Promise<HouseholdMembersTable | undefined> {
  return db
    .selectFrom("household_members")
    .selectAll()
    .where("person_id", "=", personId)
    .executeTakeFirst();
}

/** Whether anyone is a member of this person's household. */
export async function hasMembers(db: Reader, primaryId: string): Promise<boolean> {
  const row = await db
    .selectFrom("household_members")
    .select("person_id")
    .where("primary_person_id", "=", primaryId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The household's primary person and members, with their names; members in the order added. */
export async function householdRows(db: Reader, primaryId: string) {
  const [primary, members] = await Promise.all([
    db
      .selectFrom("persons")
      .select(["id", "first_name", "last_name"])
      .where("id", "=", primaryId)
      .executeTakeFirst(),
    db
      .selectFrom("household_members")
      .innerJoin("persons", "persons.id", "household_members.person_id")
      .select([
        "persons.id",
        "persons.first_name",
        "persons.last_name",
        "household_members.relationship",
      ])
      .where("household_members.primary_person_id", "=", primaryId)
      .orderBy("household_members.created_at")
      .orderBy("household_members.person_id")
      .execute(),
  ]);
  return { primary, members };
}

/**
 * Locks the people a change touches, in id order (PostgreSQL), so two changes to the same
 * household wait for each other; answers which of them exist.
 */
export async function lockPeople(
  trx: Transaction<Database>,
  ids: readonly string[],
  engine: DatabaseEngine,
): Promise<Set<string>> {
  const sorted = [...new Set(ids)].sort();
  const query = trx.selectFrom("persons").select("id").where("id", "in", sorted).orderBy("id");
  const rows = await (engine === "postgres" ? query.forUpdate() : query).execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertMembership(trx: Transaction<Database>, row: HouseholdMembersTable) {
  await trx.insertInto("household_members").values(row).execute();
}

export async function updateRelationship(
  trx: Transaction<Database>,
  personId: string,
  relationship: string,
  updatedAt: string,
) {
  await trx
    .updateTable("household_members")
    .set({ relationship, updated_at: updatedAt })
    .where("person_id", "=", personId)
    .execute();
}

export async function deleteMembership(trx: Transaction<Database>, personId: string) {
  await trx.deleteFrom("household_members").where("person_id", "=", personId).execute();
}
