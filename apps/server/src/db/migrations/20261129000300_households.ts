// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Households (issue 27 §1, decision 0070): who lives with whom. A household is its primary
 * person and the people linked to them; `household_members` holds one row per linked
 * person (the primary has none), naming the primary and how the member is related to them.
 * `person_id` is the key, so a person is a member of one household at most; the service
 * refuses a primary who is a member elsewhere and a member who is someone's primary.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("household_members")
    .addColumn("person_id", "text", (c) => c.primaryKey())
    .addColumn("primary_person_id", "text", (c) => c.notNull())
    .addColumn("relationship", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("household_members_primary_idx")
    .on("household_members")
    .columns(["primary_person_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("household_members").execute();
}
