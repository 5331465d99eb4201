// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

/**
 * Policies (issue 28 §1, decision 0072): the spec's `policies` table, written by nothing so
 * far, gets what an issued policy needs. Added columns only, on both engines; the old ones
 * stay filled (holder_name and email from the person, product the line's label) so the
 * spec's list answers its shape. Rows from before (issued outside the site) keep no person
 * and line "other"; their updated_at is their created_at.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const add = (
    build: (table: ReturnType<typeof db.schema.alterTable>) => { execute(): Promise<void> },
  ) => build(db.schema.alterTable("policies")).execute();
  await add((t) => t.addColumn("person_id", "text", (c) => c.references("persons.id")));
  await add((t) => t.addColumn("lead_type", "text"));
  await add((t) => t.addColumn("lead_id", "text"));
  await add((t) => t.addColumn("carrier", "text", (c) => c.notNull().defaultTo("")));
  await add((t) => t.addColumn("line_of_business", "text", (c) => c.notNull().defaultTo("other")));
  await add((t) => t.addColumn("term_months", "integer", (c) => c.notNull().defaultTo(12)));
  await add((t) =>
    t.addColumn("producer_id", "text", (c) => c.references("users.id").onDelete("set null")),
  );
  await add((t) => t.addColumn("cancel_date", "text"));
  await add((t) => t.addColumn("cancel_reason", "text"));
  await add((t) => t.addColumn("notes", "text", (c) => c.notNull().defaultTo("")));
  await add((t) => t.addColumn("vehicles", "text", (c) => c.notNull().defaultTo("[]")));
  await add((t) => t.addColumn("drivers", "text", (c) => c.notNull().defaultTo("[]")));
  await add((t) => t.addColumn("updated_at", "text"));
  await db.updateTable("policies").set({ updated_at: sql`created_at` }).execute();
  // A person's policies, newest first (the person page; merges move them).
  await db.schema
    .createIndex("policies_person_idx")
    .on("policies")
    .columns(["person_id", "effective_date"])
    .execute();
  // The overview's active policies and their newest.
  await db.schema
    .createIndex("policies_status_created_idx")
    .on("policies")
    .columns(["status", "created_at"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("policies_status_created_idx").execute();
  await db.schema.dropIndex("policies_person_idx").execute();
  for (const column of [
    "updated_at",
    "drivers",
    "vehicles",
    "notes",
    "cancel_reason",
    "cancel_date",
    "producer_id",
    "term_months",
    "line_of_business",
    "carrier",
    "lead_id",
    "lead_type",
    "person_id",
  ]) {
    await db.schema.alterTable("policies").dropColumn(column).execute();
  }
}
