// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * The disclosure log (issue 30 §2, decision 0083): when, to whom, what and why a person's
 * information was disclosed, so an access answer can list the last two years' disclosures
 * (Minn. Stat. 72A.497). Kept when the person is erased.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("disclosures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("person_id", "text", (c) => c.notNull())
    .addColumn("disclosed_on", "text", (c) => c.notNull())
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("what", "text", (c) => c.notNull())
    .addColumn("basis", "text", (c) => c.notNull())
    .addColumn("recorded_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("disclosures_person_idx")
    .on("disclosures")
    .columns(["person_id", "disclosed_on", "id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("disclosures").execute();
}
