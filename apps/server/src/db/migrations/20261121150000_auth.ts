// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  // Failed sign-ins, for the per-account and per-address lockout (shared by all instances).
  await db.schema
    .createTable("login_failures")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("login_failures_email_idx")
    .on("login_failures")
    .columns(["email", "created_at"])
    .execute();
  await db.schema
    .createIndex("login_failures_ip_idx")
    .on("login_failures")
    .columns(["ip", "created_at"])
    .execute();

  // One-time links: password resets and staff invitations. Only a hash of the token is kept.
  await db.schema
    .createTable("password_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("password_tokens_user_idx")
    .on("password_tokens")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("password_tokens").ifExists().execute();
  await db.schema.dropTable("login_failures").ifExists().execute();
}
