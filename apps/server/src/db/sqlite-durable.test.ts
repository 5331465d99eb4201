import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { newId } from "../lib/ids.ts";
import { createTestDatabase, type TestDatabase } from "../test/databases.ts";
import { contactRow } from "../test/fixtures.ts";
import { type DatabaseHandle, openDatabase, sqliteFilePath } from "./database.ts";
import { storeSubmission } from "./group-commit.ts";

/**
 * The WAL's fsyncs, observed: `FileHandle.prototype.datasync` is the one call the SQLite
 * connection's durability rests on (db/sqlite-durable.ts). Each call is held until the test
 * releases it, so the test can see what waits for it.
 */
function holdSyncs() {
  const held: (() => void)[] = [];
  let calls = 0;
  const original = FileHandlePrototype.datasync;
  FileHandlePrototype.datasync = function (this: FileHandle) {
    calls += 1;
    const sync = original.call(this);
    return new Promise<void>((resolve, reject) => {
      held.push(() => sync.then(resolve, reject));
    });
  };
  return {
    calls: () => calls,
    /** Lets every fsync asked for so far finish. */
    release: () => {
      for (const next of held.splice(0)) next();
    },
    restore: () => {
      FileHandlePrototype.datasync = original;
      for (const next of held.splice(0)) next();
    },
  };
}
/** node:fs/promises exports FileHandle as a type only: its prototype comes from an instance. */
let FileHandlePrototype: { datasync: (this: FileHandle) => Promise<void> };

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("SQLite writes are durable before they resolve", () => {
  let database: TestDatabase;
  let syncs: ReturnType<typeof holdSyncs> | undefined;
  beforeAll(async () => {
    const probe = await open(import.meta.filename, "r");
    FileHandlePrototype = Object.getPrototypeOf(probe);
    await probe.close();
    database = await createTestDatabase("sqlite");
  });
  afterEach(() => {
    syncs?.restore();
    syncs = undefined;
  });
  afterAll(() => database.drop());

  it("answers a grouped submission only after the WAL is synced, and no query sees it before", async () => {
    const { db } = database.handle;
    syncs = holdSyncs();
    const id = newId();
    let isStored = false;
    const stored = storeSubmission(db, {
      inserts: [{ table: "contacts", rows: [contactRow(id)] }],
    }).then(() => {
      isStored = true;
    });
    await tick();
    expect(syncs.calls()).toBe(1);
    expect(isStored).toBe(false);
    // The write has committed and its sync is under way. The connection stays held until
    // the sync returns: nobody can read (and act on) a write that a power loss could undo.
    let isRead = false;
    const read = db
      .selectFrom("contacts")
      .select("id")
      .where("id", "=", id)
      .execute()
      .then((rows) => {
        isRead = true;
        return rows;
      });
    await tick();
    expect([isStored, isRead]).toEqual([false, false]);
    syncs.release();
    await stored;
    expect((await read).map((row) => row.id)).toEqual([id]);
  });

  it("writes the next batch while one syncs, answering each only once it is durable", async () => {
    const { db } = database.handle;
    syncs = holdSyncs();
    const [first, second] = [newId(), newId()];
    const answered: string[] = [];
    const store = (id: string) =>
      storeSubmission(db, { inserts: [{ table: "contacts", rows: [contactRow(id)] }] }).then(() =>
        answered.push(id),
      );
    const firstStored = store(first);
    await tick();
    expect(syncs.calls()).toBe(1);
    const secondStored = store(second);
    await tick();
    // The second batch committed while the first one's sync was held (another connection
    // sees both); its own sync waits behind the first. Nobody is answered yet.
    const other = new SqliteDatabase(sqliteFilePath(database.url), { readonly: true });
    const visible = other
      .prepare("select count(*) as n from contacts where id in (?, ?)")
      .get(first, second) as { n: number };
    other.close();
    expect(visible.n).toBe(2);
    expect(answered).toEqual([]);
    syncs.release();
    await firstStored;
    await tick();
    expect(syncs.calls()).toBe(2);
    syncs.release();
    await secondStored;
    expect(answered).toEqual([first, second]);
  });

  it("syncs after an autocommit write and after COMMIT, not after reads or inside a transaction", async () => {
    const { db } = database.handle;
    syncs = holdSyncs();
    await db.selectFrom("contacts").select("id").limit(1).execute();
    expect(syncs.calls()).toBe(0);

    let isUpdated = false;
    const updated = db
      .updateTable("contacts")
      .set({ status: "read" })
      .where("id", "=", "nobody")
      .execute()
      .then(() => {
        isUpdated = true;
      });
    await tick();
    expect([syncs.calls(), isUpdated]).toEqual([1, false]);
    syncs.release();
    await updated;

    let isCommitted = false;
    const committed = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto("contacts").values(contactRow(newId())).execute();
        await trx.insertInto("contacts").values(contactRow(newId())).execute();
        // Two inserts, no sync yet: the transaction has not committed.
        expect(syncs?.calls()).toBe(1);
      })
      .then(() => {
        isCommitted = true;
      });
    await tick();
    expect([syncs.calls(), isCommitted]).toEqual([2, false]);
    syncs.release();
    await committed;
  });

  it("keeps the WAL small through a long burst of writes and removes it on close", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "agency-durable-"));
    const file = path.join(dir, "burst.db");
    const handle: DatabaseHandle = openDatabase(`sqlite:${file}`);
    try {
      await sql`create table t (id integer primary key, v text)`.execute(handle.db);
      let largest = 0;
      // About 25 MB written, in 2,500 commits (without the resets the WAL would hold it all).
      for (let i = 0; i < 2500; i++) {
        await handle.db
          .insertInto("t" as never)
          .values({ v: "x".repeat(10_000) } as never)
          .execute();
        if (i % 100 === 0) largest = Math.max(largest, statSync(`${file}-wal`).size);
      }
      // SQLite's own autocheckpoint keeps it near 4 MB (1,000 pages); the checkpointer
      // thread starts it over at the same size, with a few commits of slack.
      expect(largest).toBeLessThan(12 * 1024 * 1024);
    } finally {
      await handle.close();
    }
    // The checkpointer's connection closed first, so the last close checkpointed and
    // removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe("a transaction beside another process writing the same file", () => {
  it("begins immediate: a write committed elsewhere between its read and its write cannot fail it", async () => {
    const database = await createTestDatabase("sqlite");
    // Another process on the file (create-user, the reminders job), here a second connection
    // that does not wait for locks, so the test sees who had to wait.
    const outside = new SqliteDatabase(sqliteFilePath(database.url), { timeout: 0 });
    const outsideWrite = () => {
      try {
        outside.exec("create table if not exists outside_marker (x)");
        return "committed";
      } catch (error) {
        return (error as { code?: string }).code;
      }
    };
    try {
      const id = newId();
      let outsideResult: string | undefined;
      await database.handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom("contacts").select("id").execute();
        outsideResult = outsideWrite();
        await trx.insertInto("contacts").values(contactRow(id)).execute();
      });
      // With a deferred BEGIN the outside write commits and the insert fails with
      // SQLITE_BUSY (a 500 for a visitor booking while create-user runs): now the lock is
      // the transaction's from its start and the other process waits (its busy timeout).
      expect(outsideResult).toBe("SQLITE_BUSY");
      const rows = await database.handle.db.selectFrom("contacts").select("id").execute();
      expect(rows.map((row) => row.id)).toEqual([id]);
      expect(outsideWrite()).toBe("committed");
    } finally {
      outside.close();
      await database.drop();
    }
  });
});
