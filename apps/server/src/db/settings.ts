import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/** One setting's stored value (JSON text) and when it last changed, or undefined. */
export async function readSetting(db: Kysely<Database>, key: string) {
  return db
    .selectFrom("settings")
    .select(["value", "updated_at"])
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Stores a setting (JSON text), with who changed it and when. */
export async function writeSetting(
  db: Kysely<Database>,
  key: string,
  value: string,
  by: string,
  at: string,
): Promise<void> {
  const values = { value, updated_at: at, updated_by: by };
  await db
    .insertInto("settings")
    .values({ key, ...values })
    .onConflict((oc) => oc.column("key").doUpdateSet(values))
    .execute();
}
