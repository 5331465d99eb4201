// Frozen migration: never edit after it has shipped; add a new file instead.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * The saved template a request marked Done sends the client (issue 29 §2, decision 0078).
 * Its text is this file's own copy of the domain's SERVICE_DONE_TEMPLATE (a migration never
 * imports app code); an agency that already has a template of this name keeps its own.
 */
const NAME = "Request done";
const SUBJECT = "Your request {{reference}} is done";
const BODY = [
  "Hi {{firstName}},",
  "",
  "Your request {{reference}} is done.",
  "If anything is not as you expected, reply to this email or call us and mention the reference.",
  "",
  "Thank you,",
  "{{agentName}}",
].join("\n");

export async function up(db: Kysely<any>): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto("email_templates")
    .values({
      id: randomUUID(),
      name: NAME,
      name_key: NAME.toLowerCase(),
      subject: SUBJECT,
      body: BODY,
      created_at: at,
      updated_at: at,
      updated_by: null,
    })
    .onConflict((oc) => oc.column("name_key").doNothing())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Only the seeded text: a template staff changed since stays.
  await db
    .deleteFrom("email_templates")
    .where("name_key", "=", NAME.toLowerCase())
    .where("subject", "=", SUBJECT)
    .where("body", "=", BODY)
    .execute();
}
