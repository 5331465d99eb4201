// Frozen migration: never edit after it has shipped; add a new file instead.
// It must not import application code, so it stays valid as the code moves on.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text")
    .addColumn("first_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("last_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("roles", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("is_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("super_admin", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_verified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("password_changed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("refresh_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("is_persistent", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .execute();
  await db.schema.createIndex("sessions_user_id_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("auto_quotes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("zip", "text", (c) => c.notNull())
    .addColumn("dob", "text", (c) => c.notNull())
    .addColumn("vehicle_year", "text", (c) => c.notNull())
    .addColumn("vehicle_make", "text", (c) => c.notNull())
    .addColumn("vehicle_model", "text", (c) => c.notNull())
    .addColumn("vin", "text", (c) => c.notNull())
    .addColumn("mileage", "text", (c) => c.notNull())
    .addColumn("primary_use", "text", (c) => c.notNull())
    .addColumn("ownership", "text", (c) => c.notNull())
    .addColumn("safety_features", "text", (c) => c.notNull())
    .addColumn("liability", "text", (c) => c.notNull())
    .addColumn("collision", "integer", (c) => c.notNull())
    .addColumn("comprehensive", "integer", (c) => c.notNull())
    .addColumn("deductible", "integer", (c) => c.notNull())
    .addColumn("uninsured_motorist", "integer", (c) => c.notNull())
    .addColumn("medical_payments", "integer", (c) => c.notNull())
    .addColumn("rental_reimbursement", "integer", (c) => c.notNull())
    .addColumn("roadside_assistance", "integer", (c) => c.notNull())
    .addColumn("quote_amount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("auto_quotes_created_at_idx")
    .on("auto_quotes")
    .column("created_at")
    .execute();
  await db.schema.createIndex("auto_quotes_email_idx").on("auto_quotes").column("email").execute();

  await db.schema
    .createTable("quote_drivers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("quote_id", "text", (c) =>
      c.notNull().references("auto_quotes.id").onDelete("cascade"),
    )
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("dob", "text", (c) => c.notNull())
    .addColumn("license_number", "text", (c) => c.notNull())
    .addColumn("license_state", "text", (c) => c.notNull())
    .addColumn("relationship", "text", (c) => c.notNull())
    .addColumn("accidents", "integer", (c) => c.notNull())
    .addColumn("violations", "integer", (c) => c.notNull())
    .addUniqueConstraint("quote_drivers_quote_position_unique", ["quote_id", "position"])
    .execute();

  await db.schema
    .createTable("contacts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("contacts_created_at_idx")
    .on("contacts")
    .column("created_at")
    .execute();
  await db.schema.createIndex("contacts_email_idx").on("contacts").column("email").execute();

  await db.schema
    .createTable("appointments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("time", "text", (c) => c.notNull())
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // No double booking, whatever the web app shows: the database is the referee.
    .addUniqueConstraint("appointments_date_time_unique", ["date", "time"])
    .execute();
  await db.schema
    .createIndex("appointments_created_at_idx")
    .on("appointments")
    .column("created_at")
    .execute();
  await db.schema
    .createIndex("appointments_email_idx")
    .on("appointments")
    .column("email")
    .execute();

  await db.schema
    .createTable("policies")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("policy_number", "text", (c) => c.notNull().unique())
    .addColumn("holder_name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("product", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("premium_cents", "integer", (c) => c.notNull())
    .addColumn("effective_date", "text", (c) => c.notNull())
    .addColumn("expiration_date", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();

  await db.schema
    .createTable("idempotency_keys")
    .addColumn("route", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("status_code", "integer", (c) => c.notNull())
    .addColumn("response_body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("idempotency_keys_pk", ["route", "key"])
    .execute();
  await db.schema
    .createIndex("idempotency_keys_created_at_idx")
    .on("idempotency_keys")
    .column("created_at")
    .execute();

  await db.schema
    .createTable("mail_outbox")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("text_body", "text", (c) => c.notNull())
    .addColumn("html_body", "text")
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("last_error", "text")
    .addColumn("related_type", "text")
    .addColumn("related_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .execute();
  await db.schema
    .createIndex("mail_outbox_due_idx")
    .on("mail_outbox")
    .columns(["status", "next_attempt_at"])
    .execute();
  await db.schema
    .createIndex("mail_outbox_related_idx")
    .on("mail_outbox")
    .columns(["related_type", "related_id"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("actor_user_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_type", "text")
    .addColumn("target_id", "text")
    .addColumn("ip", "text")
    .addColumn("details", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("audit_log_created_at_idx")
    .on("audit_log")
    .column("created_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "mail_outbox",
    "idempotency_keys",
    "settings",
    "policies",
    "appointments",
    "contacts",
    "quote_drivers",
    "auto_quotes",
    "sessions",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
