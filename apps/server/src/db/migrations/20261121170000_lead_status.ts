// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

const LEAD_TABLES = ["auto_quotes", "contacts", "appointments"] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of LEAD_TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn("status", "text", (c) => c.notNull().defaultTo("new"))
      .execute();
    await db.schema.alterTable(table).addColumn("status_changed_at", "text").execute();
    // Existing rows have been in "new" since they arrived.
    await db
      .updateTable(table)
      .set((eb) => ({ status_changed_at: eb.ref("created_at") }))
      .execute();
    await db.schema
      .createIndex(`${table}_status_idx`)
      .on(table)
      .columns(["status", "created_at"])
      .execute();
  }
  await db.schema
    .createIndex("contacts_name_idx")
    .on("contacts")
    .columns(["last_name", "first_name"])
    .execute();
  await db.schema
    .createIndex("auto_quotes_name_idx")
    .on("auto_quotes")
    .columns(["last_name", "first_name"])
    .execute();
  await db.schema
    .createIndex("appointments_date_idx")
    .on("appointments")
    .columns(["date", "time"])
    .execute();
  // When each user last opened the notifications, for the bell's count of new items.
  await db.schema.alterTable("users").addColumn("notifications_seen_at", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("users").dropColumn("notifications_seen_at").execute();
  for (const index of ["appointments_date_idx", "auto_quotes_name_idx", "contacts_name_idx"]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  for (const table of LEAD_TABLES) {
    await db.schema.dropIndex(`${table}_status_idx`).ifExists().execute();
    await db.schema.alterTable(table).dropColumn("status_changed_at").execute();
    await db.schema.alterTable(table).dropColumn("status").execute();
  }
}
