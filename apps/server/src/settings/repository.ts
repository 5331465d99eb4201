import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export function listPolicyRows(db: Kysely<Database>) {
  return db.selectFrom("policies").selectAll().orderBy("created_at", "desc").execute();
}

export function listSettingRows(db: Kysely<Database>) {
  return db.selectFrom("settings").selectAll().orderBy("key").execute();
}
