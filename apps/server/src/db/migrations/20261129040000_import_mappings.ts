// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Importing a book (issue 28 §4, decision 0075): the column mapping last used with each
 * header row, offered when a file with the same header comes again. Keyed by a SHA-256 of
 * the header (a header of many long names would pass PostgreSQL's index entry limit).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("import_mappings")
    .addColumn("header_hash", "text", (c) => c.primaryKey())
    .addColumn("header", "text", (c) => c.notNull())
    .addColumn("mapping", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("import_mappings").execute();
}
