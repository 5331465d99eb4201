// First: a bad agency profile stops the tool with one line per problem, as `npm start` does.
import "../agency-profile-gate.ts";
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import SqliteDatabase from "better-sqlite3";
import { ConfigError, loadConfig } from "../config.ts";
import { sqliteFilePath } from "../db/database.ts";

const PG_HELP = `DATABASE_URL is PostgreSQL: use its own tools.
  backup:  pg_dump --format=custom --file=agency.dump "$DATABASE_URL"
  restore: pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" agency.dump
See docs/operations.md.`;

function stamp(now = new Date()): string {
  return now.toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");
}

/** A consistent copy of the live SQLite database, taken with SQLite's online backup API. */
export async function backupSqlite(source: string, destination: string): Promise<void> {
  mkdirSync(path.dirname(destination), { recursive: true });
  const db = new SqliteDatabase(source, { readonly: true, fileMustExist: true });
  try {
    await db.backup(destination);
  } finally {
    db.close();
  }
  const copy = new SqliteDatabase(destination, { readonly: true });
  try {
    const check = copy.pragma("integrity_check", { simple: true });
    if (check !== "ok") throw new Error(`the backup failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
}

/**
 * Puts a backup in place of the database (the server must be stopped). The current file
 * is kept beside it as `.before-restore`, so a wrong restore can be undone.
 */
export function restoreSqlite(backup: string, target: string): string | undefined {
  const check = new SqliteDatabase(backup, { readonly: true, fileMustExist: true });
  try {
    const result = check.pragma("integrity_check", { simple: true });
    if (result !== "ok")
      throw new Error(`${backup} is not a healthy SQLite database: ${String(result)}`);
    check.prepare("select count(*) from kysely_migration").get();
  } finally {
    check.close();
  }
  let previous: string | undefined;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${stamp()}`;
    renameSync(target, previous);
  }
  for (const suffix of ["-wal", "-shm"]) rmSync(`${target}${suffix}`, { force: true });
  copyFileSync(backup, target);
  return previous;
}

async function main(): Promise<void> {
  const command = process.argv[2];
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { file: { type: "string" } },
  });
  const config = loadConfig();
  if (!config.databaseUrl.startsWith("sqlite:")) {
    console.log(PG_HELP);
    return;
  }
  const file = sqliteFilePath(config.databaseUrl);
  if (command === "backup") {
    const destination = values.file ?? path.join(config.dataDir, "backups", `agency-${stamp()}.db`);
    await backupSqlite(file, destination);
    console.log(destination);
  } else if (command === "restore") {
    if (!values.file) {
      console.error(
        "Usage: npm run restore -- --file data/backups/agency-YYYYMMDD-HHMMSS.db  (stop the server first)",
      );
      process.exit(2);
    }
    const previous = restoreSqlite(values.file, file);
    console.log(
      `restored ${values.file} to ${file}${previous ? `; the replaced database is kept at ${previous}` : ""}`,
    );
  } else {
    console.error("Usage: backup.ts backup|restore [--file F]");
    process.exit(2);
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError)
      for (const p of error.problems) console.error(`Configuration error: ${p}`);
    else console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
