import type { Kysely } from "kysely";
import { writeAudit } from "../audit/audit.ts";
import type { Database } from "../db/schema.ts";
import { notFound } from "./http-errors.ts";

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
