import { mkdirSync } from "node:fs";
import path from "node:path";
import SqliteDatabase from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import { REPO_ROOT } from "../config.ts";
import { enableGroupCommit, type Pipeline } from "./group-commit.ts";
import type { Database } from "./schema.ts";
import { durableSqlite, ImmediateSqliteDriver } from "./sqlite-durable.ts";

export type DatabaseEngine = "sqlite" | "postgres";

export type DatabaseHandle = {
  db: Kysely<Database>;
  engine: DatabaseEngine;
  /** Answers whether the database takes a trivial query right now. */
  ping: () => Promise<boolean>;
  close: () => Promise<void>;
};

/** `sqlite:PATH` (relative paths are resolved from the repository root) or `postgres://…`. */
export function openDatabase(url: string): DatabaseHandle {
  if (url.startsWith("sqlite:")) return openSqlite(url.slice("sqlite:".length));
  return openPostgres(url);
}

export function sqliteFilePath(url: string): string {
  const file = url.slice("sqlite:".length);
  return path.isAbsolute(file) ? file : path.join(REPO_ROOT, file);
}

function openSqlite(file: string): DatabaseHandle {
  const filename = path.isAbsolute(file) ? file : path.join(REPO_ROOT, file);
  mkdirSync(path.dirname(filename), { recursive: true });
  const sqlite = new SqliteDatabase(filename);
  // WAL lets readers work while one writer commits. Every acknowledged commit must survive
  // power loss (the crash-safety promise): in WAL mode the WAL is synced off the server's
  // thread before a write's query resolves (db/sqlite-durable.ts, decision 0030); otherwise
  // synchronous=FULL syncs inside the commit.
  const mode = sqlite.pragma("journal_mode = WAL", { simple: true });
  sqlite.pragma("synchronous = FULL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const statements = withStatementCache(sqlite);
  if (mode !== "wal") {
    const dialect = new (class extends SqliteDialect {
      override createDriver() {
        return new ImmediateSqliteDriver({ database: statements });
      }
    })({ database: statements });
    const db = new Kysely<Database>({ dialect });
    return createHandle(db, "sqlite");
  }
  const { dialect, pipeline } = durableSqlite(sqlite, statements);
  return createHandle(new Kysely<Database>({ dialect }), "sqlite", pipeline);
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its connection emits 'error'; without a listener that
  // would crash the process. The next query simply gets a fresh connection.
  pool.on("error", () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return createHandle(db, "postgres");
}

function createHandle(
  db: Kysely<Database>,
  engine: DatabaseEngine,
  pipeline?: Pipeline,
): DatabaseHandle {
  // Batches of concurrent submissions (db/group-commit.ts). On PostgreSQL a few batches
  // may be open at once; each is kept small, since its submissions wait for all of it.
  enableGroupCommit(
    db,
    engine === "postgres"
      ? { maxConcurrent: 4, maxBatch: 32 }
      : { maxConcurrent: 1, maxBatch: 100, ...(pipeline ? { pipeline } : {}) },
  );
  return {
    db,
    engine,
    ping: async () => {
      try {
        await sql`select 1`.execute(db);
        return true;
      } catch {
        return false;
      }
    },
    close: () => db.destroy(),
  };
}

/**
 * Kysely prepares every query anew; preparing costs about as much as running a small
 * insert. The app issues a few dozen distinct statements, so a bounded cache of prepared
 * statements (keyed by SQL text) removes that cost. Statements run synchronously, so one
 * statement object is never used by two queries at once.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, size = 500): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property, receiver) {
      if (property !== "prepare") return Reflect.get(target, property, receiver);
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= size) cache.delete(cache.keys().next().value as string);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
}
