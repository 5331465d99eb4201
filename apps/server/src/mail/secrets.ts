import { readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { Kysely } from "kysely";
import type { Database, MailOutboxTable } from "../db/schema.ts";
import { nowIso } from "../lib/ids.ts";

/**
 * Mail that carries a one-time link (password reset, invitation) is not kept readable at
 * rest once it has done its job (docs/decisions/0021-one-time-links-at-rest.md):
 * - the outbox row's body is blanked in the same statement that marks it sent;
 * - a row never sent (still retrying, or failed) is blanked once its link has expired;
 * - the .eml copy of the outbox folder (no SMTP server: the folder *is* the delivery) is
 *   readable only by the server's user and is deleted once its link has expired.
 */
export const REDACTED_BODY =
  "[Removed after sending: this message carried a one-time link, which is not kept.]";

const SECRET_MARK = ".secret-until-";

/** The outbox folder's file name: its time first (they sort by it), and its link's expiry. */
export function emlFileName(
  row: Pick<MailOutboxTable, "id" | "created_at" | "secret_expires_at">,
): string {
  const stem = `${row.created_at.replace(/[:.]/g, "-")}-${row.id}`;
  return row.secret_expires_at
    ? `${stem}${SECRET_MARK}${Date.parse(row.secret_expires_at)}.eml`
    : `${stem}.eml`;
}

/** Blanks the stored body of every message whose link has expired, sent or not. */
export async function scrubExpiredSecrets(db: Kysely<Database>, now: Date): Promise<number> {
  const result = await db
    .updateTable("mail_outbox")
    .set({ text_body: REDACTED_BODY, html_body: null, secret_expires_at: null })
    .where("secret_expires_at", "is not", null)
    .where("secret_expires_at", "<=", nowIso(now))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes the outbox folder's copies of messages whose link has expired. */
export function removeExpiredSecretFiles(outboxDir: string, now: Date): number {
  let names: string[];
  try {
    names = readdirSync(outboxDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const at = name.lastIndexOf(SECRET_MARK);
    if (at < 0 || !name.endsWith(".eml")) continue;
    const expiresAt = Number(name.slice(at + SECRET_MARK.length, -".eml".length));
    if (!Number.isFinite(expiresAt) || expiresAt > now.getTime()) continue;
    rmSync(path.join(outboxDir, name), { force: true });
    removed += 1;
  }
  return removed;
}

/**
 * Deletes the outbox folder's copies of these messages (an erased person's mail, decision
 * 0083): each file's name ends with its row's id. Answers how many were removed.
 */
export function removeOutboxFiles(outboxDir: string, ids: readonly string[]): number {
  if (ids.length === 0) return 0;
  let names: string[];
  try {
    names = readdirSync(outboxDir);
  } catch {
    return 0;
  }
  const wanted = new Set(ids);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const stem = name.slice(0, -".eml".length).split(SECRET_MARK)[0] ?? "";
    // The stem is "<time>-<id>" and an id is a UUID: its last 36 characters.
    if (!wanted.has(stem.slice(-36))) continue;
    rmSync(path.join(outboxDir, name), { force: true });
    removed += 1;
  }
  return removed;
}
