import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { HttpError, notFound } from "./http-errors.ts";
import { nowIso } from "./ids.ts";

type DeletableTable = "auto_quotes" | "contacts" | "appointments";

/**
 * Deletes a lead record for an admin: the row (a quote's drivers go with it by foreign
 * key), the mail queued about it (which repeats its personal data), and an audit entry.
 */
export async function deleteRecord(
  db: Kysely<Database>,
  table: DeletableTable,
  id: string,
  actor: { userId: string; ip: string },
  notFoundMessage: string,
): Promise<void> {
  const relatedType = {
    auto_quotes: "auto_quote",
    contacts: "contact",
    appointments: "appointment",
  }[table];
  await db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom(table).where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw notFound(notFoundMessage);
    await trx
      .deleteFrom("mail_outbox")
      .where("related_type", "=", relatedType)
      .where("related_id", "=", id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.deleted",
      target: { type: relatedType, id },
      ip: actor.ip,
    });
  });
}

export const RELATED_TYPE = {
  auto_quotes: "auto_quote",
  contacts: "contact",
  appointments: "appointment",
} as const;

/** Moves a lead to another status of its kind, with an audit entry; answers the new state. */
export async function changeStatus(
  db: Kysely<Database>,
  table: DeletableTable,
  id: string,
  status: string,
  allowed: readonly string[],
  actor: { userId: string; ip: string },
  now: Date,
): Promise<{ status: string; statusChangedAt: string }> {
  if (!allowed.includes(status)) {
    throw new HttpError(400, `status must be one of ${allowed.join(", ")}`);
  }
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom(table)
      .select(["status", "status_changed_at"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!current) throw notFound("Not found");
    if (current.status === status) {
      return { status, statusChangedAt: current.status_changed_at ?? nowIso(now) };
    }
    const changedAt = nowIso(now);
    await trx
      .updateTable(table)
      .set({ status, status_changed_at: changedAt })
      .where("id", "=", id)
      .execute();
    await writeAudit(trx, {
      actorUserId: actor.userId,
      action: "record.status",
      target: { type: RELATED_TYPE[table], id },
      ip: actor.ip,
      details: { from: current.status, to: status },
    });
    return { status, statusChangedAt: changedAt };
  });
}
