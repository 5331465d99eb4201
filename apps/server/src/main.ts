// First: a bad agency profile stops the start with one line per problem (agency-profile-gate.ts).
import "./agency-profile-gate.ts";

const { buildApp } = await import("./app.ts");
const { ConfigError, loadConfigAtStart } = await import("./config.ts");
const { openDatabase } = await import("./db/database.ts");
const { migrateToLatest } = await import("./db/migrate.ts");
const { purgeExpired } = await import("./operations/retention.ts");
const { ensureSuperAdmin } = await import("./user/service.ts");

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
