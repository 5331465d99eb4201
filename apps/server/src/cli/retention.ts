// First: a bad agency profile stops the tool with one line per problem, as `npm start` does.
import "../agency-profile-gate.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { purgeExpired } from "../operations/retention.ts";

/** `npm run retention`: the same purge the server runs daily, on demand. */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const result = await purgeExpired(database.db, config.retentionMonths);
    console.log(
      `purged records older than ${config.retentionMonths} months: ${result.auto_quotes} quotes, ${result.contacts} messages, ${result.appointments} appointments, ${result.service_requests} service requests, ${result.people} people, ${result.mail} emails, ${result.audit} audit entries past the audit retention; ${result.housekeeping} expired technical rows`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error("retention failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
