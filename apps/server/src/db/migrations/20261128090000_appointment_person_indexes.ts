// Frozen migration: never edit after it has shipped; add a new file instead.
import { type Kysely, sql } from "kysely";

/**
 * A booking counts the person's open bookings (at most two per email and per phone) among
 * upcoming live appointments. No index served the email or the phone, so every booking read
 * all upcoming appointments inside its transaction: 0.4 ms at 2,000, 0.8 ms at 4,000, and
 * the bench's booking row fell to 84 req/s at 20,000. One index per side, each from the
 * person's live upcoming bookings on (the service asks for each side on its own).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index appointments_person_email_idx on appointments (lower(email), archived_at, date)`.execute(
    db,
  );
  await db.schema
    .createIndex("appointments_person_phone_idx")
    .on("appointments")
    .columns(["phone", "archived_at", "date"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("appointments_person_phone_idx").ifExists().execute();
  await db.schema.dropIndex("appointments_person_email_idx").ifExists().execute();
}
