// Frozen migration: never edit after it has shipped; add a new file instead.
import { personDuplicateKeys } from "@agency/domain";
import { type Kysely, PostgresAdapter, sql } from "kysely";

/** People read per batch of the backfill. */
const PEOPLE_PER_BATCH = 10_000;
/** Keys per INSERT on SQLite (2 bound values each). */
const KEYS_PER_INSERT = 5_000;

/**
 * The Duplicates list (issue 27 §1, decision 0071):
 *
 * - `person_duplicate_keys(key, person_id)`: each person's duplicate keys
 *   (`personDuplicateKeys`: name and ZIP, name and each date of birth on their quotes,
 *   their email written loosely), written by the server wherever those change; a deleted
 *   person's go with them (on delete cascade).
 * - `duplicate_groups(key, people)`: how many people hold each key, kept by triggers on the
 *   keys whoever writes; a partial index over the keys two or more people share pages the
 *   list and counts it without reading the rest.
 *
 * The backfill computes the keys in TypeScript (the rule is the domain's, as the server
 * writes them), 10,000 people at a time, then counts the groups in one statement before
 * the triggers exist.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("person_duplicate_keys")
    .addColumn("key", "text", (col) => col.notNull())
    .addColumn("person_id", "text", (col) =>
      col.notNull().references("persons.id").onDelete("cascade"),
    )
    .addPrimaryKeyConstraint("person_duplicate_keys_pk", ["key", "person_id"])
    .execute();
  await db.schema
    .createTable("duplicate_groups")
    .addColumn("key", "text", (col) => col.primaryKey())
    .addColumn("people", "integer", (col) => col.notNull())
    .execute();

  let after = "";
  for (;;) {
    const people = (await db
      .selectFrom("persons")
      .select(["id", "first_name", "last_name", "zip", "email"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(PEOPLE_PER_BATCH)
      .execute()) as {
      id: string;
      first_name: string;
      last_name: string;
      zip: string;
      email: string;
    }[];
    if (people.length === 0) break;
    after = people.at(-1)?.id ?? after;
    const dates = new Map<string, string[]>();
    const rows = (await db
      .selectFrom("auto_quotes")
      .select(["person_id", "dob"])
      .where("person_id", ">=", people[0]?.id ?? "")
      .where("person_id", "<=", after)
      .where("dob", "<>", "")
      .execute()) as { person_id: string; dob: string }[];
    for (const row of rows) {
      const list = dates.get(row.person_id) ?? [];
      list.push(row.dob);
      dates.set(row.person_id, list);
    }
    const keys: { key: string; person_id: string }[] = [];
    for (const person of people) {
      const found = personDuplicateKeys(
        {
          firstName: person.first_name,
          lastName: person.last_name,
          zip: person.zip,
          email: person.email,
        },
        dates.get(person.id) ?? [],
      );
      for (const key of found) keys.push({ key, person_id: person.id });
    }
    if (isPostgres) {
      await sql`insert into person_duplicate_keys (key, person_id)
        select * from unnest(${keys.map((row) => row.key)}::text[], ${keys.map((row) => row.person_id)}::text[])`.execute(
        db,
      );
    } else {
      for (let start = 0; start < keys.length; start += KEYS_PER_INSERT) {
        await db
          .insertInto("person_duplicate_keys")
          .values(keys.slice(start, start + KEYS_PER_INSERT))
          .execute();
      }
    }
  }
  await db.schema
    .createIndex("person_duplicate_keys_person_idx")
    .on("person_duplicate_keys")
    .column("person_id")
    .execute();
  await sql`insert into duplicate_groups (key, people)
    select key, count(*) from person_duplicate_keys group by key`.execute(db);
  // The keys two or more people share, in order: the list's pages and its count.
  await sql`create index duplicate_groups_shared_idx on duplicate_groups (key) where people > 1`.execute(
    db,
  );

  if (isPostgres) {
    await sql`create function duplicate_groups_track() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into duplicate_groups (key, people) values (new.key, 1)
            on conflict (key) do update set people = duplicate_groups.people + 1;
        else
          update duplicate_groups set people = people - 1 where key = old.key;
          delete from duplicate_groups where key = old.key and people <= 0;
        end if;
        return null;
      end $$`.execute(db);
    await sql`create trigger person_duplicate_keys_groups after insert or delete
      on person_duplicate_keys for each row execute function duplicate_groups_track()`.execute(db);
  } else {
    await sql`create trigger person_duplicate_keys_insert after insert on person_duplicate_keys
      begin
        insert into duplicate_groups (key, people) values (new.key, 1)
          on conflict (key) do update set people = people + 1;
      end`.execute(db);
    await sql`create trigger person_duplicate_keys_delete after delete on person_duplicate_keys
      begin
        update duplicate_groups set people = people - 1 where key = old.key;
        delete from duplicate_groups where key = old.key and people <= 0;
      end`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger if exists person_duplicate_keys_groups on person_duplicate_keys`.execute(
      db,
    );
    await sql`drop function if exists duplicate_groups_track()`.execute(db);
  } else {
    await sql`drop trigger if exists person_duplicate_keys_insert`.execute(db);
    await sql`drop trigger if exists person_duplicate_keys_delete`.execute(db);
  }
  await db.schema.dropTable("duplicate_groups").ifExists().execute();
  await db.schema.dropTable("person_duplicate_keys").ifExists().execute();
}
