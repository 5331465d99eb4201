import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId, nowIso } from "../lib/ids.ts";
import { createTestDatabase, type TestDatabase, testEngines } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { type Insert, KeyTaken, type Submission, storeSubmission } from "./group-commit.ts";
import type { ContactsTable } from "./schema.ts";

const withKey = (submission: Submission, key: string): Submission => ({
  ...submission,
  idempotencyKey: {
    row: {
      route: "POST /test",
      key,
      request_hash: "h",
      status_code: 201,
      response_body: "{}",
      created_at: nowIso(),
    },
    expiresBefore: nowIso(new Date(Date.now() - 86_400_000)),
  },
});

describe.each(testEngines())("group commit on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine);
  });
  afterAll(() => database.drop());

  const stored = async (ids: string[]) =>
    (await database.handle.db.selectFrom("contacts").select("id").where("id", "in", ids).execute())
      .map((row) => row.id)
      .sort();

  it("stores submissions made together, each failing alone and leaving nothing", async () => {
    const ids = Array.from({ length: 30 }, () => newId());
    const key = crypto.randomUUID();
    const submissions: Submission[] = ids.map((id, i) => {
      const plain: Submission = { inserts: [{ table: "contacts", rows: [contactRow(id)] }] };
      // i = 3: two rows, the second colliding with the first: neither may be stored.
      if (i === 3)
        return { inserts: [{ table: "contacts", rows: [contactRow(id), contactRow(id)] }] };
      // i = 7 and 8 share an idempotency key: one is stored, the other is refused whole.
      if (i === 7 || i === 8) return withKey(plain, key);
      // i = 11: a driver whose quote does not exist (a foreign key).
      if (i === 11)
        return {
          inserts: [
            { table: "contacts", rows: [contactRow(id)] },
            {
              table: "quote_drivers",
              rows: [
                {
                  id: newId(),
                  quote_id: "no-such-quote",
                  position: 0,
                  first_name: "A",
                  last_name: "B",
                  dob: "1980-01-01",
                  license_number: "X",
                  license_state: "MN",
                  relationship: "self",
                  accidents: 0,
                  violations: 0,
                },
              ],
            },
          ],
        };
      return plain;
    });
    const results = await Promise.allSettled(
      submissions.map((s) => storeSubmission(database.handle.db, s)),
    );
    const outcome = results.map((r) => r.status);
    expect(outcome[3]).toBe("rejected");
    expect(outcome[11]).toBe("rejected");
    expect([outcome[7], outcome[8]].sort()).toEqual(["fulfilled", "rejected"]);
    const keyLoser = results[outcome[7] === "rejected" ? 7 : 8] as PromiseRejectedResult;
    expect(keyLoser.reason).toBeInstanceOf(KeyTaken);
    expect(outcome.filter((s) => s === "rejected")).toHaveLength(3);
    const expected = ids.filter((_, i) => outcome[i] === "fulfilled").sort();
    expect(await stored(ids)).toEqual(expected);
    expect(expected).toHaveLength(27);
  });

  it("stores each batch's own values when batches of one shape follow each other", async () => {
    // Every batch below has the same shape (four contacts, the same columns), so from the
    // second on its statement's text is reused: each must still store exactly its rows.
    const firstNames = ["Zoë", "Ångström", "Nguyễn", "O'Brien", "李", "Ана", "🚗", "Ωμέγα"];
    const batches = [0, 1].map((b) =>
      Array.from({ length: 4 }, (_, i) => ({
        ...contactRow(newId()),
        first_name: firstNames[b * 4 + i] as string,
        follow_up_on: i === 1 ? "2026-12-01" : null,
      })),
    );
    for (const rows of batches) {
      const keys = rows.map(() => crypto.randomUUID());
      await Promise.all(
        rows.map((row, i) =>
          storeSubmission(
            database.handle.db,
            withKey({ inserts: [{ table: "contacts", rows: [row] }] }, keys[i] as string),
          ),
        ),
      );
      // The same keys again, in one batch: every one is refused as taken.
      const again = await Promise.allSettled(
        rows.map((row, i) =>
          storeSubmission(
            database.handle.db,
            withKey(
              { inserts: [{ table: "contacts", rows: [{ ...row, id: newId() }] }] },
              keys[i] as string,
            ),
          ),
        ),
      );
      expect(again.map((r) => r.status)).toEqual(Array(4).fill("rejected"));
    }
    // A row without an optional column (the database's default fills it) beside full ones.
    const { source: _source, ...withoutSource } = contactRow(newId());
    const mixed = [contactRow(newId()), withoutSource as ContactsTable, contactRow(newId())];
    await Promise.all(
      mixed.map((row) =>
        storeSubmission(database.handle.db, { inserts: [{ table: "contacts", rows: [row] }] }),
      ),
    );
    const all = [...batches.flat(), ...mixed];
    const rows = await database.handle.db
      .selectFrom("contacts")
      .select(["id", "first_name", "follow_up_on", "source"])
      .where(
        "id",
        "in",
        all.map((row) => row.id),
      )
      .execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const row of all) {
      expect(byId.get(row.id)).toEqual({
        id: row.id,
        first_name: row.first_name,
        follow_up_on: row.follow_up_on,
        source: "web",
      });
    }
  });

  it("splits a large write into statements the database accepts", async () => {
    // 7,000 rows × 10 columns = 70,000 values: more than either database binds at once.
    const ids = Array.from({ length: 7000 }, () => newId());
    await storeSubmission(database.handle.db, {
      inserts: [{ table: "contacts", rows: ids.map((id) => contactRow(id)) }],
    });
    expect((await stored(ids)).length).toBe(7000);
  });

  it("answers nothing as stored when the commit itself fails", async () => {
    // A constraint checked only at commit: one bad row fails the whole batch's commit.
    await sql`create table deferred_check (id text primary key, contact_id text
      references contacts (id) deferrable initially deferred)`.execute(database.handle.db);
    const ids = Array.from({ length: 5 }, () => newId());
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        storeSubmission(database.handle.db, {
          inserts: [
            { table: "contacts", rows: [contactRow(id)] },
            // Not a table of the schema: typed as one for this test only.
            {
              table: "deferred_check",
              rows: [{ id, contact_id: i === 2 ? "no-such-contact" : id }],
            } as unknown as Insert,
          ],
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(5).fill("rejected"));
    expect(await stored(ids)).toEqual([]);
    // The connection is usable afterwards.
    await storeSubmission(database.handle.db, {
      inserts: [{ table: "contacts", rows: [contactRow(ids[0] as string)] }],
    });
    expect(await stored(ids)).toEqual([ids[0]]);
  });
});
