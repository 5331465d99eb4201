// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

/**
 * The lead workspace (issue 14): who works a lead, when to call back, why it was lost,
 * where it came from, whether it is archived, and one normalised search column; notes
 * and calls; which notifications each user has read.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) {
    await db.schema.alterTable(table).addColumn("assigned_to", "text").execute();
    // A calendar date (YYYY-MM-DD) in the agency's time zone.
    await db.schema.alterTable(table).addColumn("follow_up_on", "text").execute();
    await db.schema.alterTable(table).addColumn("lost_reason", "text").execute();
    await db.schema.alterTable(table).addColumn("lost_detail", "text").execute();
    await db.schema.alterTable(table).addColumn("archived_at", "text").execute();
    await db.schema.alterTable(table).addColumn("archived_by", "text").execute();
    // "web" for the public forms; "phone", "walk-in" or "email" for leads staff entered.
    await db.schema
      .alterTable(table)
      .addColumn("source", "text", (c) => c.notNull().defaultTo("web"))
      .execute();
    await db.schema.alterTable(table).addColumn("updated_at", "text").execute();
    // Lower-case names (full name both ways), email and phone digits: what `q` searches.
    await db.schema
      .alterTable(table)
      .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
      .execute();
    await db.schema
      .createIndex(`${table}_assigned_idx`)
      .on(table)
      .columns(["assigned_to", "created_at"])
      .execute();
    await db.schema
      .createIndex(`${table}_follow_up_idx`)
      .on(table)
      .columns(["follow_up_on"])
      .execute();
    await db.schema
      .createIndex(`${table}_archived_idx`)
      .on(table)
      .columns(["archived_at"])
      .execute();
  }

  await db.schema
    .createTable("lead_notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    // "auto_quote", "contact" or "appointment" (as in audit_log and mail_outbox).
    .addColumn("lead_type", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull())
    .addColumn("author_user_id", "text")
    // "note" or "call".
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_notes_lead_idx")
    .on("lead_notes")
    .columns(["lead_type", "lead_id", "created_at"])
    .execute();

  await db.schema
    .createTable("notification_reads")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("item_type", "text", (c) => c.notNull())
    .addColumn("item_id", "text", (c) => c.notNull())
    .addColumn("read_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_reads_pk", ["user_id", "item_type", "item_id"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notification_reads").ifExists().execute();
  await db.schema.dropTable("lead_notes").ifExists().execute();
  for (const table of LEAD_TABLES) {
    for (const index of ["assigned_idx", "follow_up_idx", "archived_idx"]) {
      await db.schema.dropIndex(`${table}_${index}`).ifExists().execute();
    }
    for (const column of [
      "search_text",
      "updated_at",
      "source",
      "archived_by",
      "archived_at",
      "lost_detail",
      "lost_reason",
      "follow_up_on",
      "assigned_to",
    ]) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
}
