// First: a bad agency profile stops the tool with one line per problem, as `npm start` does.
import "../agency-profile-gate.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { runReminderPass } from "../reminders/service.ts";

/**
 * `npm run reminders`: one pass of the checks every server runs each minute. It only
 * queues; a running server's outbox delivers. Safe beside running servers (each message
 * is claimed once in the database).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database.db);
    const pass = await runReminderPass(database.db, {
      now: new Date(),
      notifyEmail: config.agencyNotifyEmail,
    });
    console.log(
      `queued ${pass.reminders} appointment reminders and ${pass.dayLists} agency day lists`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const p of error.problems) console.error(`Configuration error: ${p}`);
  else console.error("reminders failed:", error instanceof Error ? error.message : error);
  process.exit(1);
});
