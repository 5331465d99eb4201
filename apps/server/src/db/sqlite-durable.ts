import { AsyncLocalStorage } from "node:async_hooks";
import { type FileHandle, open } from "node:fs/promises";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type SqliteDatabase from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type QueryResult,
  SqliteDialect,
  SqliteDriver,
} from "kysely";
import type { Pipeline } from "./group-commit.ts";

/** How long the checkpointer waits after a write before it checkpoints (batching them). */
const CHECKPOINT_DELAY_MS = 100;
/** The WAL's size (pages) at which it is made to start over: SQLite's autocheckpoint default. */
const RESET_FRAMES = 1000;
/**
 * The connection's own checkpoint, kept as a safety net in case the checkpointer cannot
 * keep up or is gone: SQLite's default is 1,000 pages (4 MB); at 40,000 (160 MB) it only
 * runs if the WAL could not be reset for a long, unbroken stream of writes.
 */
const SAFETY_AUTOCHECKPOINT_PAGES = 40_000;

/**
 * A Kysely dialect for a WAL-mode SQLite database whose commits are as durable as with
 * synchronous=FULL without holding the event loop while the disk syncs (decision 0030).
 *
 * The connection runs with synchronous=NORMAL (a commit writes its WAL frames, no fsync)
 * and every statement that leaves the connection outside a transaction after a write (an
 * autocommit write, COMMIT) resolves only after `fdatasync` of the WAL file on libuv's
 * thread pool has returned: the same promise synchronous=FULL gives, since nobody can act on
 * a write (answer a visitor, read it back) before its query resolves. Kysely holds the one
 * connection until then, so no other query on it sees data that is not durable yet.
 *
 * `pipeline` is the one exception, for group commit (db/group-commit.ts): the writes it
 * runs do not wait for their sync, so the next batch is written while this one's sync runs;
 * it hands back when they are durable, and the batch's submitters are answered only then.
 * Any other query waits for the syncs under way before it runs, so it never sees what a
 * pipelined batch wrote before that is durable.
 *
 * Checkpoints (copying the WAL into the database file, two more fsyncs) run on a worker
 * thread with a connection of its own (PASSIVE: they never block the writer).
 */
export function durableSqlite(
  sqlite: SqliteDatabase.Database,
  statements: Pick<SqliteDatabase.Database, "prepare"> = sqlite,
): { dialect: SqliteDialect; pipeline: Pipeline } {
  const walFile = `${sqlite.name}-wal`;
  let dirty = false;
  let wal: Promise<FileHandle> | undefined;
  /** The sync under way, and the one queued behind it (it covers every write since). */
  let running: Promise<void> | undefined;
  let queued: Promise<void> | undefined;
  const pipelined = new AsyncLocalStorage<{ syncs: Promise<void>[] }>();
  const checkpointer = new Checkpointer(sqlite.name);

  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma(`wal_autocheckpoint = ${SAFETY_AUTOCHECKPOINT_PAGES}`);

  /**
   * Makes every frame written to the WAL so far durable. One fdatasync at a time: a write
   * that commits while one runs is covered by the next, which starts when it ends.
   */
  function sync(): Promise<void> {
    dirty = false;
    if (!running) return startSync();
    queued ??= running.then(noop, noop).then(() => {
      queued = undefined;
      return startSync();
    });
    return queued;
  }

  function startSync(): Promise<void> {
    const done = datasync();
    running = done;
    const clear = () => {
      if (running === done) running = undefined;
    };
    done.then(clear, clear);
    return done;
  }

  async function datasync(): Promise<void> {
    // The WAL file exists (a write went to it) and keeps its inode while this connection
    // is open: SQLite deletes it only when the last connection closes.
    wal ??= open(walFile, "r");
    try {
      await (await wal).datasync();
    } catch (error) {
      // The writes' queries fail (never answered as stored); the next write syncs again,
      // through a freshly opened file.
      dirty = true;
      const failed = wal;
      wal = undefined;
      void failed?.then((handle) => handle.close()).catch(() => {});
      throw error;
    }
    checkpointer.wrote();
  }

  /** Settles once every sync asked for so far has (whether it failed or not). */
  const syncsUnderWay = () => (queued ?? running)?.then(noop, noop);

  // `statements` prepares (through a cache); the rest goes to the connection itself.
  const database = new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== "prepare") return Reflect.get(target, property, receiver);
      return (source: string) => {
        const statement = statements.prepare(source);
        // COMMIT and BEGIN count as read-only; the writes before a COMMIT set the flag.
        if (!statement.readonly) dirty = true;
        return statement;
      };
    },
  });

  class DurableSqliteDriver extends SqliteDriver {
    #connection: DatabaseConnection | undefined;

    override async acquireConnection(): Promise<DatabaseConnection> {
      const inner = await super.acquireConnection();
      // Kysely holds the connection for this caller: nothing writes while the WAL resets,
      // and nothing pipelined is written while an ordinary caller waits for the syncs.
      const gate = checkpointer.gate();
      if (gate) await gate;
      if (!pipelined.getStore()) await syncsUnderWay();
      this.#connection ??= {
        executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
          const result = await inner.executeQuery<R>(query);
          if (dirty && !sqlite.inTransaction) {
            const synced = sync();
            const context = pipelined.getStore();
            if (context) context.syncs.push(synced);
            else await synced;
          }
          return result;
        },
        streamQuery: (query, chunkSize) => inner.streamQuery(query, chunkSize),
      };
      return this.#connection;
    }

    /** BEGIN IMMEDIATE (immediateBegin): a transaction never fails on another process's write. */
    override async beginTransaction(connection: DatabaseConnection): Promise<void> {
      await connection.executeQuery(IMMEDIATE_BEGIN);
    }

    override async destroy(): Promise<void> {
      await syncsUnderWay();
      await checkpointer.close();
      await wal?.then((handle) => handle.close()).catch(() => {});
      await super.destroy();
    }
  }

  const pipeline: Pipeline = async (write) => {
    const context = { syncs: [] as Promise<void>[] };
    const value = await pipelined.run(context, write);
    // What it committed, and what earlier batches committed that it may have met.
    const earlier = queued ?? running;
    const durable = Promise.all([...context.syncs, earlier]).then(noop);
    return { value, durable };
  };

  const dialect = new (class extends SqliteDialect {
    override createDriver() {
      return new DurableSqliteDriver({ database });
    }
  })({ database });
  return { dialect, pipeline };
}

const noop = () => {};

/**
 * Transactions take the write lock when they begin. With SQLite's default (deferred) BEGIN a
 * transaction that reads and then writes fails at once with SQLITE_BUSY, whatever the busy
 * timeout, when another connection committed in between: another process on the same file,
 * such as create-user, the reminders or the retention job beside a running server. BEGIN
 * IMMEDIATE waits (busy_timeout) for the lock instead, so the visitor's request goes through.
 */
export const IMMEDIATE_BEGIN = CompiledQuery.raw("begin immediate");

/** The plain driver (no WAL) with the same BEGIN IMMEDIATE. */
export class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(IMMEDIATE_BEGIN);
  }
}

/**
 * Runs `PRAGMA wal_checkpoint(PASSIVE)` on a worker thread a moment after writes, so the
 * copy into the database file and its fsyncs never hold the server's thread. PASSIVE takes
 * no writer lock and never waits: a checkpoint that meets a writer does what it can and the
 * next one does the rest. Started on the first write, so idle handles cost no thread.
 *
 * Checkpoints that overlap writes never finish, so the WAL would only grow during a burst,
 * and an fsync of a growing file costs several times one of a file written in place. Once
 * the WAL holds `RESET_FRAMES`, the connection's next query waits (`gate`) for a checkpoint
 * with no writer beside it (little is left: the passive ones did the rest), which lets the
 * next write start the WAL over from its beginning, as SQLite's own autocheckpoint would.
 */
class Checkpointer {
  #worker: Worker | undefined;
  #isPending = false;
  #isClosed = false;
  #wantsReset = false;
  #reset: { done: Promise<void>; resolve: () => void } | undefined;
  readonly #file: string;

  constructor(file: string) {
    this.#file = file;
  }

  wrote(): void {
    if (this.#isPending || this.#isClosed) return;
    this.#isPending = true;
    this.#start().postMessage("checkpoint");
  }

  /** Resolves once the WAL may start over; undefined when nothing needs to wait. */
  gate(): Promise<void> | undefined {
    if (this.#reset) return this.#reset.done;
    if (!this.#wantsReset || !this.#worker) return undefined;
    let resolve = () => {};
    const done = new Promise<void>((r) => {
      resolve = r;
    });
    this.#reset = { done, resolve };
    // Someone waits for its answer: keep the process alive until it comes.
    this.#worker.ref();
    this.#worker.postMessage("reset");
    return done;
  }

  #settle(frames: number): void {
    this.#isPending = false;
    this.#wantsReset = frames >= RESET_FRAMES;
    if (!this.#reset) return;
    const { resolve } = this.#reset;
    this.#reset = undefined;
    if (!this.#isClosed) this.#worker?.unref();
    // Not again at once if it could not finish (another process's checkpoint, a reader).
    this.#wantsReset = false;
    resolve();
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(CHECKPOINTER_SOURCE, {
      eval: true,
      workerData: { driver, file: this.#file, delay: CHECKPOINT_DELAY_MS },
    });
    worker.on("message", (frames: number) => this.#settle(frames));
    // A failed checkpointer leaves the connection's own (safety-net) checkpoint in charge.
    worker.on("error", () => {});
    worker.on("exit", () => {
      if (this.#worker === worker) this.#worker = undefined;
      this.#settle(0);
    });
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  async close(): Promise<void> {
    this.#isClosed = true;
    const worker = this.#worker;
    if (!worker) return;
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    // Held open until the thread has closed its connection, so the last close can
    // checkpoint and remove the WAL.
    worker.ref();
    worker.postMessage("close");
    await exited;
  }
}

/**
 * The checkpointer's thread (CommonJS, evaluated: no file to resolve at run time). Answers
 * every checkpoint with the frames the WAL holds.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 0");
db.pragma("synchronous = FULL");
let timer;
function checkpoint() {
  timer = undefined;
  let frames = 0;
  try {
    frames = db.pragma("wal_checkpoint(PASSIVE)")[0].log;
  } catch {}
  parentPort.postMessage(frames);
}
parentPort.on("message", (message) => {
  clearTimeout(timer);
  if (message === "close") {
    db.close();
    parentPort.close();
  } else if (message === "reset") {
    checkpoint();
  } else {
    timer = setTimeout(checkpoint, workerData.delay);
  }
});
`;
