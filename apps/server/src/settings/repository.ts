import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/** One page of policies, newest first, and how many there are. */
export async function listPolicyRows(
  db: Kysely<Database>,
  page: { limit: number; offset: number },
) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom("policies")
      .selectAll()
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db.selectFrom("policies").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function listSettingRows(db: Kysely<Database>) {
  return db.selectFrom("settings").selectAll().orderBy("key").execute();
}
