// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/** Per-address request counters shared by every instance (used on PostgreSQL). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rate_limit_counters")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("rate_limit_counters_expires_idx")
    .on("rate_limit_counters")
    .column("expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("rate_limit_counters").ifExists().execute();
}
