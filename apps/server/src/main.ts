import { buildApp } from "./app.ts";
import { ConfigError, loadConfigAtStart } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { purgeExpired } from "./operations/retention.ts";
import { ensureSuperAdmin } from "./user/service.ts";

async function main(): Promise<void> {
  const config = await loadConfigAtStart();
  const database = openDatabase(config.databaseUrl);
  await migrateToLatest(database.db);
  if (config.adminEmail && config.adminPassword) {
    await ensureSuperAdmin(database.db, config.adminEmail, config.adminPassword);
  }
  const app = await buildApp({ config, database, startMailSender: true, startReminders: true });

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    app.log.info({ signal }, "shutting down");
    // Stops accepting connections and waits for requests in flight, then frees the database.
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });

  // Daily retention purge (docs/operations.md): first a minute after start, then every day.
  const runRetention = () =>
    purgeExpired(database.db, config.retentionMonths)
      .then((result) => app.log.info({ retention: result }, "retention purge done"))
      .catch((error: unknown) => app.log.warn({ err: error }, "retention purge failed"));
  setTimeout(runRetention, 60_000).unref();
  setInterval(runRetention, 24 * 60 * 60 * 1000).unref();
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
  } else {
    console.error("Start-up failed:", error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
