import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { TestDatabase } from "./databases.ts";

/**
 * The one-time link tokens mailed to an address, oldest first. A sent message has its
 * stored body blanked (mail/sender.ts), so the token is read from its .eml copy then.
 */
export async function linkTokensFromMail(
  app: FastifyInstance,
  database: TestDatabase,
  kind: string,
  to: string,
): Promise<string[]> {
  // forgot-password queues its mail after the response.
  await app.background.idle();
  const rows = await database.handle.db
    .selectFrom("mail_outbox")
    .select(["id", "text_body", "created_at"])
    .where("kind", "=", kind)
    .where("to_address", "=", to)
    .orderBy("created_at")
    .execute();
  const outboxDir = path.join(app.config.dataDir, "outbox");
  let files: string[] = [];
  try {
    files = readdirSync(outboxDir);
  } catch {
    // No mail sent yet: no folder.
  }
  return rows.map((row) => {
    let text = row.text_body;
    const eml = files.find((name) => name.includes(row.id));
    if (!/token=/.test(text) && eml) {
      // Quoted-printable: soft line breaks and "=" written as "=3D".
      text = readFileSync(path.join(outboxDir, eml), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
    }
    return /reset-password\?token=([\w-]+)/.exec(text)?.[1] ?? "";
  });
}

export async function linkTokenFromMail(
  app: FastifyInstance,
  database: TestDatabase,
  kind: string,
  to: string,
): Promise<string> {
  return (await linkTokensFromMail(app, database, kind, to)).at(-1) ?? "";
}
