// Frozen migration: never edit after it has shipped; add a new file instead.
import type { Kysely } from "kysely";

/**
 * Two-factor sign-in (decision 0023):
 * - one authenticator per user: its TOTP secret encrypted (AES-256-GCM, key derived from
 *   JWT_SECRET), confirmed or still waiting for its first code, the last time step used
 *   (a code works once, across every instance) and the wrong codes entered from Settings;
 * - one-time recovery codes, stored as hashes;
 * - the challenges between the password and the second step: hashed, short-lived,
 *   single-use, with the attempts they took.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("two_factor")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret_encrypted", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    // The TOTP time step (30 s since 1970) fits a 32-bit integer until the year 4010.
    .addColumn("last_used_step", "integer")
    .addColumn("failed_attempts", "integer", (c) => c.notNull())
    .addColumn("last_failed_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("two_factor_recovery_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("two_factor_recovery_codes_user_idx")
    .on("two_factor_recovery_codes")
    .columns(["user_id", "code_hash"])
    .execute();

  await db.schema
    .createTable("two_factor_challenges")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("purpose", "text", (c) => c.notNull())
    .addColumn("is_persistent", "integer", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .execute();
  await db.schema
    .createIndex("two_factor_challenges_user_idx")
    .on("two_factor_challenges")
    .column("user_id")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("two_factor_challenges").ifExists().execute();
  await db.schema.dropTable("two_factor_recovery_codes").ifExists().execute();
  await db.schema.dropTable("two_factor").ifExists().execute();
}
