// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Staff accounts that cannot be held hostage (decision 0020):
 * - failures are counted per (account, address) pair as well as per account;
 * - the addresses an account has signed in from are remembered, so the per-account
 *   ceiling cannot lock the owner out of their usual address;
 * - an invitation or reset link can be revoked before it is used;
 * - mail carrying a one-time link says until when it holds a secret, so its stored body
 *   (and its .eml copy) can be scrubbed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex("login_failures_email_ip_idx")
    .on("login_failures")
    .columns(["email", "ip", "created_at"])
    .execute();

  await db.schema
    .createTable("sign_in_addresses")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("last_success_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("sign_in_addresses_pk", ["user_id", "ip"])
    .execute();

  await db.schema.alterTable("password_tokens").addColumn("revoked_at", "text").execute();

  await db.schema.alterTable("mail_outbox").addColumn("secret_expires_at", "text").execute();
  await db.schema
    .createIndex("mail_outbox_secret_idx")
    .on("mail_outbox")
    .column("secret_expires_at")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("mail_outbox_secret_idx").ifExists().execute();
  await db.schema.alterTable("mail_outbox").dropColumn("secret_expires_at").execute();
  await db.schema.alterTable("password_tokens").dropColumn("revoked_at").execute();
  await db.schema.dropTable("sign_in_addresses").ifExists().execute();
  await db.schema.dropIndex("login_failures_email_ip_idx").ifExists().execute();
}
